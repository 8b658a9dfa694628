import { objectionCategories } from '@lumen/core/services/sales-report';
import type { SalesReport } from '@lumen/core/services/sales-report';
import type { CallSentence } from './call-sentences.ts';
import { duePattern, handlingCues, negators, nextStepCues, objectionCues, sentimentWords } from './lexicons.ts';
import { countWords, stopWords, words } from './text-tools.ts';
import type { Turn } from './transcript-parser.ts';

const quote = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}…` : text);

/** Objections raised by the buyer side; handled when the seller answers within the next two turns. */
export function findObjections(
  sentences: readonly CallSentence[],
  turns: readonly Turn[],
  seller: string | null,
): SalesReport['objections'] {
  const found: SalesReport['objections'] = [];
  for (const sentence of sentences) {
    if (seller && sentence.speaker === seller) continue;
    const lower = sentence.text.toLowerCase();
    for (const category of objectionCategories) {
      const cue = objectionCues[category].map((pattern) => pattern.exec(lower)).find(Boolean);
      if (!cue) continue;
      const replies = turns.slice(sentence.turnIndex + 1, sentence.turnIndex + 3).filter((turn) => turn.speaker === seller);
      const handled = replies.some(
        (turn) => handlingCues.some((pattern) => pattern.test(turn.text.toLowerCase())) || countWords(turn.text) >= 25,
      );
      found.push({ category, speaker: sentence.speaker, quote: quote(sentence.text), cue: cue[0], at: sentence.at, handled });
      break;
    }
  }
  return found;
}

export function findNextSteps(sentences: readonly CallSentence[]): SalesReport['nextSteps'] {
  const steps: SalesReport['nextSteps'] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    const lower = sentence.text.toLowerCase();
    if (!nextStepCues.some((pattern) => pattern.test(lower))) continue;
    if (lower.endsWith('?') && !duePattern.test(lower)) continue;
    if (seen.has(lower)) continue;
    seen.add(lower);
    steps.push({ speaker: sentence.speaker, text: quote(sentence.text), due: duePattern.exec(lower)?.[0] ?? null, at: sentence.at });
  }
  return steps.slice(-8);
}

/** Lexicon score of a text, -1..1: word scores (negated after 'not', 'never'…) over the square root of its length. */
export function sentimentScore(text: string): number {
  const tokens = words(text);
  let sum = 0;
  let negatedFor = 0;
  for (const token of tokens) {
    const value = sentimentWords[token] ?? 0;
    sum += negatedFor > 0 ? -value * 0.8 : value;
    negatedFor = negators.has(token) ? 3 : Math.max(0, negatedFor - 1);
  }
  return tokens.length === 0 ? 0 : Math.tanh(sum / Math.sqrt(tokens.length) / 1.5);
}

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
      const score = Math.round(sentimentScore(group.map((s) => s.text).join(' ')) * 1000) / 1000;
      return {
        index,
        start: group[0]?.at ?? null,
        end: group.at(-1)?.at ?? null,
        score,
        label: score > 0.15 ? ('positive' as const) : score < -0.15 ? ('negative' as const) : ('neutral' as const),
      };
    });
  const overall = Math.round(sentimentScore(sentences.map((s) => s.text).join(' ')) * 1000) / 1000;
  return { overall, segments };
}

/** Key topics: words and two-word phrases weighted by frequency × rarity across turns (TF-IDF), stop words removed. */
export function keyTopics(turns: readonly Turn[], limit = 8): SalesReport['topics'] {
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const turn of turns) {
    const tokens = words(turn.text).filter((w) => !/^\d+$/.test(w));
    const terms: string[] = [];
    tokens.forEach((token, i) => {
      const useful = (t: string | undefined) => t !== undefined && t.length >= 3 && !stopWords.has(t);
      if (useful(token)) terms.push(token);
      const next = tokens[i + 1];
      if (useful(token) && useful(next)) terms.push(`${token} ${next}`);
    });
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
  const n = Math.max(1, turns.length);
  const scored = [...tf]
    .filter(([term, count]) => count >= 2 || (!term.includes(' ') && turns.length < 6))
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
