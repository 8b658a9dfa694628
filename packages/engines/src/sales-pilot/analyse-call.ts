import type { SalesReport, SalesSpeaker } from '@lumen/core/services/sales-report';
import { callSentences, questionKind } from './call-sentences.ts';
import { findNextSteps, findObjections, keyTopics, sentimentOverCall } from './call-signals.ts';
import { scoreCall } from './call-score.ts';
import { sellerCues } from './lexicons.ts';
import { countWords } from './text-tools.ts';
import type { Transcript } from './transcript-parser.ts';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The seller: the speaker who talks about the offer and asks the questions (names such as 'Rep' help). */
function pickSeller(transcript: Transcript, questionsBy: Map<string, number>): string | null {
  const names = [...new Set(transcript.turns.map((turn) => turn.speaker))];
  if (names.length < 2) return null;
  const score = (name: string) => {
    const text = transcript.turns
      .filter((turn) => turn.speaker === name)
      .map((turn) => turn.text.toLowerCase())
      .join(' ');
    const cues = sellerCues.reduce((sum, pattern) => sum + (text.match(new RegExp(pattern.source, 'g'))?.length ?? 0), 0);
    const named = /\b(?:rep|sales|seller|agent|ae|sdr|account executive)\b/i.test(name) ? 5 : 0;
    const first = transcript.turns[0]?.speaker === name ? 1 : 0;
    return cues + (questionsBy.get(name) ?? 0) * 0.5 + named + first;
  };
  return names.map((name) => ({ name, score: score(name) })).sort((a, b) => b.score - a.score)[0]?.name ?? null;
}

/** Computes the sales report of a parsed transcript (talk ratio, questions, objections, sentiment, topics, next steps, score). */
export function analyseCall(transcript: Transcript): SalesReport {
  const { turns } = transcript;
  const sentences = callSentences(turns);
  const questions = sentences
    .map((sentence) => ({ sentence, kind: questionKind(sentence.text) }))
    .filter((q): q is { sentence: typeof q.sentence; kind: 'open' | 'closed' } => q.kind !== null);
  const questionsBy = new Map<string, number>();
  for (const q of questions) questionsBy.set(q.sentence.speaker, (questionsBy.get(q.sentence.speaker) ?? 0) + 1);
  const seller = pickSeller(transcript, questionsBy);

  const hasTimestamps = turns.length > 0 && turns.every((turn) => turn.start !== null && turn.end !== null);
  const totalWords = turns.reduce((sum, turn) => sum + countWords(turn.text), 0);
  const totalSeconds = hasTimestamps ? turns.reduce((sum, turn) => sum + Math.max(0, (turn.end ?? 0) - (turn.start ?? 0)), 0) : 0;
  const names = [...new Set(turns.map((turn) => turn.speaker))];
  const speakers: SalesSpeaker[] = names.map((name) => {
    const own = turns.filter((turn) => turn.speaker === name);
    const words = own.reduce((sum, turn) => sum + countWords(turn.text), 0);
    const seconds = hasTimestamps ? own.reduce((sum, turn) => sum + Math.max(0, (turn.end ?? 0) - (turn.start ?? 0)), 0) : null;
    const asked = questions.filter((q) => q.sentence.speaker === name);
    return {
      name,
      isSeller: name === seller,
      turns: own.length,
      words,
      wordShare: round3(words / Math.max(1, totalWords)),
      seconds: seconds === null ? null : Math.round(seconds * 10) / 10,
      timeShare: seconds === null || totalSeconds === 0 ? null : round3(seconds / totalSeconds),
      questions: asked.length,
      openQuestions: asked.filter((q) => q.kind === 'open').length,
      closedQuestions: asked.filter((q) => q.kind === 'closed').length,
      longestTurnWords: Math.max(0, ...own.map((turn) => countWords(turn.text))),
    };
  });
  speakers.sort((a, b) => b.words - a.words);

  const starts = turns.map((turn) => turn.start).filter((v): v is number => v !== null);
  const ends = turns.map((turn) => turn.end ?? turn.start).filter((v): v is number => v !== null);
  const partial: Omit<SalesReport, 'score'> = {
    version: 1,
    language: 'en',
    source: {
      format: transcript.format,
      hasTimestamps,
      turns: turns.length,
      words: totalWords,
      durationSeconds: starts.length > 0 && ends.length > 0 ? Math.round((Math.max(...ends) - Math.min(...starts)) * 10) / 10 : null,
    },
    speakers,
    questions: questions.slice(0, 60).map((q) => ({ speaker: q.sentence.speaker, text: q.sentence.text, kind: q.kind, at: q.sentence.at })),
    objections: findObjections(sentences, turns, seller),
    sentiment: sentimentOverCall(sentences),
    topics: keyTopics(turns),
    nextSteps: findNextSteps(sentences),
  };
  return { ...partial, score: scoreCall(partial) };
}
