import { countWords } from './text-tools.ts';
import { parseTranscript } from './transcript-parser.ts';

/** The fewest words of speech the analysis runs on. */
export const salesTranscriptMinWords = 12;

/**
 * Why the sales pilot cannot analyse this transcript, or null: no speech, under 12 words of it (speaker names and
 * timestamps do not count), no English words. The engine's own check, which the server also runs on pasted text
 * and on transcript uploads so that such a call is refused before anything is charged.
 */
export function transcriptProblem(text: string, fileName?: string): string | null {
  const transcript = parseTranscript(text, fileName);
  if (transcript.turns.length === 0) return 'No speech was found in the transcript (its cues are empty)';
  const words = transcript.turns.reduce((sum, turn) => sum + countWords(turn.text), 0);
  if (words < salesTranscriptMinWords) {
    return `The transcript is too short to analyse: ${words} word${words === 1 ? '' : 's'} of speech, at least ${salesTranscriptMinWords} needed`;
  }
  if (!/[a-z]{2,}/i.test(text)) return 'The transcript has no readable English words';
  return null;
}
