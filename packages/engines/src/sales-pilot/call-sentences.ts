import { countWords, sentences } from './text-tools.ts';
import type { Turn } from './transcript-parser.ts';

/** A sentence with who said it and, with timestamps, when (interpolated inside its turn). */
export type CallSentence = { speaker: string; text: string; turnIndex: number; at: number | null; words: number };

export function callSentences(turns: readonly Turn[]): CallSentence[] {
  const out: CallSentence[] = [];
  turns.forEach((turn, turnIndex) => {
    const parts = sentences(turn.text);
    const total = Math.max(1, countWords(turn.text));
    let before = 0;
    for (const text of parts) {
      const words = countWords(text);
      const at = turn.start === null ? null : turn.end === null ? turn.start : turn.start + ((turn.end - turn.start) * before) / total;
      out.push({ speaker: turn.speaker, text, turnIndex, at: at === null ? null : Math.round(at * 10) / 10, words });
      before += words;
    }
  });
  return out;
}

const OPEN =
  /^(?:so,?\s+|and,?\s+|but,?\s+|okay,?\s+|and\s+)?(?:what(?!\s+time)|how(?!\s+(?:many|much|long|often))|why|tell me|describe|walk me|explain|help me understand|in what way)\b/i;
const QUESTION_START =
  /^(?:so,?\s+|and,?\s+|but,?\s+|okay,?\s+)?(?:what|how|why|when|where|who|which|tell me|describe|walk me|explain|do|does|did|is|are|was|were|can|could|would|will|should|have|has|may)\b/i;

/** A question: ends with '?', or (in transcripts without punctuation) starts like one. Tags such as 'right?' are not counted. */
export function questionKind(sentence: string): 'open' | 'closed' | null {
  const text = sentence.trim();
  if (countWords(text) < 3) return null;
  const isQuestion = text.endsWith('?') || (!/[.!]$/.test(text) && QUESTION_START.test(text));
  if (!isQuestion) return null;
  return OPEN.test(text) ? 'open' : 'closed';
}
