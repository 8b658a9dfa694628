import { lemmaText } from './call-sentences.ts';
import { auxiliaries, discourseMarkers, discoveryTopics, elaborationOpenings, proposalOpenings, smallTalk, whWords } from './lexicons.ts';
import type { NlpSentence } from './nlp.ts';
import { countWords } from './text-tools.ts';

/**
 * The form of a question.
 * - open: cannot be answered yes or no; it opens with a wh-word (what, how, why, when, where, who, which) or invites
 *   the buyer to elaborate ('tell me…', 'walk me through…', 'describe…', also 'could you walk me through…').
 * - closed: answerable with yes or no; it opens with an auxiliary or modal (do, is, are, can, will, would…), or it is
 *   a statement with a question mark ('You're on Salesforce today?') or a choice ('How about Tuesday?').
 * The opening is looked for in each comma-separated part after discourse markers ('So, okay, what…') and a name
 * ('Jordan, how…'), so 'If we fixed that, what would change?' is open.
 */
export type QuestionForm = 'open' | 'closed';
export type QuestionShape = {
  form: QuestionForm;
  /** Discovery topics the question is about (needs, pain, process, budget, timeline, decision); see lexicons.ts. */
  topics: string[];
  /** It offers or proposes ('shall we…', 'do you want me to…') rather than asks about the buyer. */
  proposal: boolean;
};

type Opening = 'wh' | 'elaboration' | 'aux' | 'proposal-choice';
const MULTI_WORD_MARKERS = ['got it', 'out of curiosity', 'quick question', 'by the way', 'in that case', 'just curious', 'you know'];

/** The word chunks of a sentence between commas, colons, semicolons and dashes, in wink-nlp's normal form. */
function chunks(sentence: NlpSentence): { words: string[]; firstIsName: boolean }[] {
  const parts: { words: string[]; firstIsName: boolean }[] = [];
  let current: { words: string[]; firstIsName: boolean } = { words: [], firstIsName: false };
  for (const token of sentence.tokens) {
    if (!token.isWord) {
      if (/^[,;:—–()-]+$/.test(token.text) && current.words.length > 0) {
        parts.push(current);
        current = { words: [], firstIsName: false };
      }
      continue;
    }
    if (current.words.length === 0) current.firstIsName = token.pos === 'PROPN';
    current.words.push(token.normal);
  }
  if (current.words.length > 0) parts.push(current);
  return parts;
}

function stripMarkers(words: readonly string[]): string[] {
  let rest = [...words];
  for (let changed = true; changed && rest.length > 0;) {
    changed = false;
    const joined = rest.join(' ');
    const multi = MULTI_WORD_MARKERS.find((marker) => joined === marker || joined.startsWith(`${marker} `));
    if (multi) {
      rest = rest.slice(multi.split(' ').length);
      changed = true;
    } else if (discourseMarkers.has(rest[0] ?? '')) {
      rest = rest.slice(1);
      changed = true;
    }
  }
  return rest;
}

function openingOf(words: readonly string[]): Opening | null {
  const [first = '', second = ''] = words;
  if (first === 'how' && second === 'about') return 'proposal-choice';
  if (whWords.has(first)) return 'wh';
  if (elaborationOpenings.test(words.join(' '))) return 'elaboration';
  if (auxiliaries.has(first)) {
    // 'Could you (please) walk me through…' is an invitation, not a yes/no question.
    const rest = words.slice(second === 'you' ? (words[2] === 'please' ? 3 : 2) : 1).join(' ');
    return second === 'you' && elaborationOpenings.test(rest) ? 'elaboration' : 'aux';
  }
  return null;
}

/** The first question opening found, skipping markers, a leading name ('Jordan, …') and statement parts. */
function findOpening(sentence: NlpSentence): { opening: Opening | null; words: string[]; leading: boolean } {
  const parts = chunks(sentence);
  let leading = true;
  for (const [index, part] of parts.entries()) {
    const words = stripMarkers(part.words);
    if (words.length === 0) continue;
    if (part.firstIsName && words.length <= 2 && index < parts.length - 1) continue;
    const opening = openingOf(words);
    if (opening) return { opening, words, leading };
    leading = false;
  }
  return { opening: null, words: stripMarkers(parts[0]?.words ?? []), leading: false };
}

/**
 * The question's form and topics, or null when the sentence is not a question. A question ends with '?', or opens
 * with an invitation to elaborate ('Tell me about the practice.'); in a transcript without any question mark (raw
 * captions) a sentence that opens like a question counts. Back-channel tags of one or two words ('Right?', 'You
 * know?') are not questions, but 'Why?' and 'How so?' are.
 */
export function questionShape(sentence: NlpSentence, punctuated: boolean): QuestionShape | null {
  const text = sentence.text.trim().replace(/["'”’)\]]+$/, '');
  const { opening, words, leading } = findOpening(sentence);
  const invitation = opening === 'elaboration' && leading && elaborationOpenings.test(words.join(' '));
  const asks = punctuated ? text.endsWith('?') || invitation : opening !== null && opening !== 'proposal-choice';
  if (!asks) return null;
  if (countWords(text) < 3 && !['why', 'how'].includes(words[0] ?? '')) return null;
  const lemmas = lemmaText(sentence);
  const opener = words.join(' ');
  return {
    form: opening === 'wh' || opening === 'elaboration' ? 'open' : 'closed',
    topics: smallTalk.test(opener)
      ? []
      : Object.entries(discoveryTopics)
          .filter(([, pattern]) => pattern.test(lemmas))
          .map(([topic]) => topic),
    proposal: proposalOpenings.test(opener),
  };
}
