import { readSentences } from './nlp.ts';
import type { NlpSentence } from './nlp.ts';
import { countWords } from './text-tools.ts';
import type { Turn } from './transcript-parser.ts';

/** A sentence (split by wink-nlp) with who said it and, with timestamps, when (interpolated by words inside its turn). */
export type CallSentence = NlpSentence & { speaker: string | null; turnIndex: number; at: number | null; words: number };

export function callSentences(turns: readonly Turn[]): CallSentence[] {
  const out: CallSentence[] = [];
  turns.forEach((turn, turnIndex) => {
    const total = Math.max(1, countWords(turn.text));
    const { startSeconds: start, endSeconds: end } = turn;
    let before = 0;
    for (const sentence of readSentences(turn.text)) {
      const words = countWords(sentence.text);
      const at = start === null ? null : end === null ? start : start + ((end - start) * before) / total;
      out.push({ ...sentence, speaker: turn.speaker, turnIndex, at: at === null ? null : Math.round(at * 10) / 10, words });
      before += words;
    }
  });
  return out;
}

/** The sentence's lemmas joined by spaces, for phrase matching ('loses' → 'lose'). */
export const lemmaText = (sentence: NlpSentence): string => ` ${sentence.tokens.map((t) => t.lemma).join(' ')} `;
