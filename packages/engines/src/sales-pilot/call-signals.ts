import { objectionCategories } from '@lumen/core/services/sales-report';
import type { ObjectionCategory, SalesReport } from '@lumen/core/services/sales-report';
import type { CallSentence } from './call-sentences.ts';
import { extraDue, handlingCues, inCallVerbs, negatedObjectionLemmas, nonCommittalVerbs, objectionCues, pastDate } from './lexicons.ts';
import type { NlpSentence, NlpToken } from './nlp.ts';
import { countWords, stopWords } from './text-tools.ts';
import type { Turn } from './transcript-parser.ts';

const quote = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}…` : text);
export const UNKNOWN_SPEAKER = 'Unknown speaker';
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The objection a sentence voices, if any: a cue phrase, or a negated lemma ('not a priority', "can't afford"). */
export function objectionIn(sentence: NlpSentence): { category: ObjectionCategory; cue: string } | null {
  const lower = sentence.text.toLowerCase().replace(/’/g, "'");
  for (const category of objectionCategories) {
    const phrase = objectionCues[category].map((pattern) => pattern.exec(lower)).find(Boolean);
    if (phrase) return { category, cue: phrase[0] };
    const lemmas = negatedObjectionLemmas[category];
    const negated = lemmas && sentence.tokens.find((token) => token.negated && lemmas.has(token.lemma));
    if (negated) return { category, cue: `not … ${negated.text}` };
  }
  return null;
}

/**
 * Objections raised by the buyer side (every speaker but the seller), one per concern and turn. One is handled when the seller's next turn
 * (within the following two turns) asks a question, acknowledges it ('I understand', 'that's fair'), offers an answer
 * (ROI, pilot, discount…) or answers at length (25 words or more). Without speakers nobody can be said to answer.
 */
export function findObjections(
  sentences: readonly CallSentence[],
  turns: readonly Turn[],
  seller: string | null,
  sellerAsksIn: ReadonlySet<number>,
): SalesReport['objections'] {
  const found: SalesReport['objections'] = [];
  // The same concern said twice in one turn ('we're mid-migration. Not before Q3.') is one objection.
  const raised = new Set<string>();
  for (const sentence of sentences) {
    if (seller !== null && sentence.speaker === seller) continue;
    const objection = objectionIn(sentence);
    if (!objection) continue;
    const key = `${sentence.turnIndex}:${objection.category}`;
    if (raised.has(key)) continue;
    raised.add(key);
    const replyIndex = [sentence.turnIndex + 1, sentence.turnIndex + 2].find((i) => seller !== null && turns[i]?.speaker === seller);
    const reply = replyIndex === undefined ? undefined : turns[replyIndex];
    const handled =
      reply !== undefined &&
      (sellerAsksIn.has(replyIndex!) ||
        handlingCues.some((pattern) => pattern.test(reply.text.toLowerCase().replace(/’/g, "'"))) ||
        countWords(reply.text) >= 25);
    found.push({
      category: objection.category,
      speaker: sentence.speaker ?? UNKNOWN_SPEAKER,
      quote: quote(sentence.text),
      cue: objection.cue,
      at: sentence.at,
      handled,
    });
  }
  return found;
}

/**
 * The commitment in a sentence: 'I/we will (or 'll, am going to, can) + verb', "let's + verb", or a proposal
 * 'shall/can/could/should we + verb'; the verb is not negated ("I won't send…") and promises something
 * ('I'll be honest', "we'll see" do not). Returns the verb.
 */
function commitmentVerb(sentence: NlpSentence): string | null {
  const tokens = sentence.tokens.filter((token) => token.isWord);
  const verbAt = (index: number): string | null => {
    let i = index;
    while (tokens[i] && (tokens[i]!.pos === 'ADV' || tokens[i]!.normal === 'also' || tokens[i]!.normal === 'then')) i += 1;
    let verb = tokens[i];
    // 'We'll have to wait…': the promise is in the verb after 'have to'.
    if (verb?.lemma === 'have' && tokens[i + 1]?.normal === 'to') verb = tokens[i + 2];
    if (!verb || verb.negated || verb.normal === 'not' || nonCommittalVerbs.has(verb.lemma)) return null;
    return /^[a-z-]+$/.test(verb.lemma) ? verb.lemma : null;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const [a, b, c, d] = [tokens[i]?.normal, tokens[i + 1]?.normal, tokens[i + 2]?.normal, tokens[i + 3]?.normal];
    let verb: string | null = null;
    if ((a === 'i' || a === 'we') && (b === 'will' || b === 'can' || b === 'shall')) verb = verbAt(i + 2);
    else if ((a === 'i' || a === 'we') && (b === 'am' || b === 'are') && c === 'going' && d === 'to') verb = verbAt(i + 4);
    else if (a === 'let' && b === 'us') verb = verbAt(i + 2);
    else if ((a === 'shall' || a === 'can' || a === 'could' || a === 'should') && b === 'we') verb = verbAt(i + 2);
    if (verb) return verb;
  }
  return null;
}

/** The time a sentence names for its action, e.g. 'by Friday', 'next Tuesday', 'in two weeks', 'end of the week'. */
function dueIn(sentence: NlpSentence): string | null {
  const text = sentence.text;
  for (const entity of sentence.entities) {
    const value = entity.value.replace(/[.,]$/, '');
    if (pastDate.test(value)) continue;
    const at = text.indexOf(value);
    const before = at < 0 ? '' : text.slice(0, at);
    const lead = /\b(by|on|before|until|till|next|this|in|within|the)\s+$/i.exec(before)?.[1] ?? '';
    const ok =
      entity.type === 'DATE' ||
      entity.type === 'TIME' ||
      (entity.type === 'ORDINAL' && /^the$/i.test(lead) && /^\d{1,2}(?:st|nd|rd|th)$/i.test(value)) ||
      (entity.type === 'DURATION' && /^(in|within)$/i.test(lead));
    if (!ok) continue;
    const preposition = /^(by|on|before|until|till|in|within|the)$/i.test(lead) ? `${lead} ` : '';
    return `${preposition}${value}`;
  }
  return extraDue.exec(text)?.[0] ?? null;
}

/**
 * Next steps: sentences with a commitment (see commitmentVerb) and a time or date (wink-nlp's DATE and TIME
 * entities, 'the 15th', 'in two weeks', 'EOD'), e.g. "I'll send the proposal by Friday", "let's schedule a demo next
 * Tuesday". 'Today I'll walk you through…' is the call's agenda, not a next step.
 */
export function findNextSteps(sentences: readonly CallSentence[]): SalesReport['nextSteps'] {
  const steps: SalesReport['nextSteps'] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const verb = commitmentVerb(sentence);
    if (!verb) continue;
    const due = dueIn(sentence);
    if (!due) continue;
    if (/^(?:today|now|this morning|this afternoon)$/i.test(due) && inCallVerbs.has(verb)) continue;
    const key = sentence.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    steps.push({ speaker: sentence.speaker ?? UNKNOWN_SPEAKER, text: quote(sentence.text), due, at: sentence.at });
  }
  return steps;
}

/** Mean of wink-nlp's sentence sentiment (-1..1, negation-aware), weighted by words. */
export function meanSentiment(sentences: readonly CallSentence[]): number {
  const words = sentences.reduce((sum, s) => sum + s.words, 0);
  if (words === 0) return 0;
  return round3(Math.max(-1, Math.min(1, sentences.reduce((sum, s) => sum + s.sentiment * s.words, 0) / words)));
}

export const sentimentLabel = (score: number): 'positive' | 'neutral' | 'negative' =>
  score > 0.1 ? 'positive' : score < -0.1 ? 'negative' : 'neutral';

/** The call cut into up to `count` parts of equal length (in words), each with its sentiment. */
export function sentimentOverCall(sentences: readonly CallSentence[], count = 10): SalesReport['sentiment'] {
  const total = sentences.reduce((sum, s) => sum + s.words, 0);
  const parts = Math.max(1, Math.min(count, sentences.length));
  const groups: CallSentence[][] = Array.from({ length: parts }, () => []);
  let seen = 0;
  for (const sentence of sentences) {
    const index = Math.min(parts - 1, Math.floor((seen / Math.max(1, total)) * parts));
    groups[index]!.push(sentence);
    seen += sentence.words;
  }
  const segments = groups
    .filter((group) => group.length > 0)
    .map((group, index) => {
      const score = meanSentiment(group);
      return { index, start: group[0]?.at ?? null, end: group.at(-1)?.at ?? null, score, label: sentimentLabel(score) };
    });
  return { overall: meanSentiment(sentences), segments };
}

/** Parts of speech a topic is made of: things and names ('payroll', 'BambooHR'), and a describing word before one ('new hire'). */
const thingTags = new Set(['NOUN', 'PROPN']);
const describingTags = new Set(['ADJ', 'NOUN', 'PROPN']);

/**
 * Key topics: nouns and names, and two-word noun phrases ('payroll lead', 'change order'), weighted by frequency ×
 * rarity across turns (TF-IDF). Only things are topics: verbs ('send'), prepositions ('per'), determiners ('every')
 * and conversational filler (stopWords) never are; plural nouns count with their singular (wink-nlp's lemma).
 */
export function keyTopics(sentences: readonly CallSentence[], turnCount: number, limit = 8): SalesReport['topics'] {
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  const termsByTurn = new Map<number, string[]>();
  for (const sentence of sentences) {
    const tokens = sentence.tokens.filter((token) => token.isWord);
    const form = (token: NlpToken) => (token.pos === 'NOUN' ? token.lemma : token.normal).replace(/’/g, "'");
    const useful = (token: NlpToken | undefined, tags: ReadonlySet<string>) =>
      token !== undefined &&
      tags.has(token.pos) &&
      /^[\p{L}][\p{L}'-]{2,}$/u.test(form(token)) &&
      !stopWords.has(form(token)) &&
      !stopWords.has(token.normal);
    // An -ing word used as a thing ('phishing', 'the onboarding', 'payroll reporting') is one; after a helper verb or
    // a pronoun ('we are evaluating', 'I was hoping') it is an action.
    const thing = (token: NlpToken | undefined, i: number) =>
      useful(token, thingTags) ||
      (token !== undefined &&
        token.pos === 'VERB' &&
        /^[a-z]{3,}ing$/.test(token.normal) &&
        !['AUX', 'PRON', 'PART'].includes(tokens[i - 1]?.pos ?? '') &&
        tokens[i - 1]?.normal !== 'to' &&
        useful({ ...token, pos: 'NOUN', lemma: token.normal }, thingTags));
    const terms = termsByTurn.get(sentence.turnIndex) ?? [];
    tokens.forEach((token, i) => {
      if (thing(token, i)) terms.push(token.pos === 'VERB' ? token.normal : form(token));
      const next = tokens[i + 1];
      if (useful(token, describingTags) && thing(next, i + 1))
        terms.push(`${token.normal} ${next!.pos === 'VERB' ? next!.normal : form(next!)}`);
    });
    termsByTurn.set(sentence.turnIndex, terms);
  }
  for (const terms of termsByTurn.values()) {
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  }
  // 'integration' and 'integrations' are one topic.
  for (const [term, count] of [...tf]) {
    const singular = term.replace(/s$/, '');
    if (singular !== term && tf.has(singular)) {
      tf.set(singular, (tf.get(singular) ?? 0) + count);
      df.set(singular, Math.max(df.get(singular) ?? 0, df.get(term) ?? 0));
      tf.delete(term);
    }
  }
  const n = Math.max(1, turnCount);
  const scored = [...tf]
    .filter(([term, count]) => count >= 2 || (!term.includes(' ') && turnCount < 6))
    .map(([term, count]) => ({ term, count, score: count * Math.log(1 + n / (df.get(term) ?? 1)) * (term.includes(' ') ? 1.6 : 1) }))
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term));
  const chosen: typeof scored = [];
  for (const candidate of scored) {
    if (chosen.length >= limit) break;
    // Skip a word already covered by a chosen phrase, and a phrase whose words are both chosen.
    const covered = chosen.some((c) => c.term.split(' ').includes(candidate.term) || candidate.term.split(' ').every((w) => c.term === w));
    if (!covered) chosen.push(candidate);
  }
  const top = chosen[0]?.score ?? 1;
  return chosen.map((c) => ({ term: c.term, mentions: c.count, weight: Math.round((c.score / top) * 1000) / 1000 }));
}
