import type { CallQuestion, CallReport, CallSpeaker, QuestionCounts, SideFigures } from './call-report.ts';
import { callSentences } from './call-sentences.ts';
import type { CallSentence } from './call-sentences.ts';
import { scoreCall } from './call-score.ts';
import {
  UNKNOWN_SPEAKER,
  findNextSteps,
  findObjections,
  keyTopics,
  meanSentiment,
  objectionIn,
  sentimentLabel,
  sentimentOverCall,
} from './call-signals.ts';
import { buyerNames, sellerCues, sellerNames } from './lexicons.ts';
import { questionShape } from './questions.ts';
import type { QuestionShape } from './questions.ts';
import { countWords } from './text-tools.ts';
import type { Transcript, Turn } from './transcript-parser.ts';

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round1 = (value: number) => Math.round(value * 10) / 10;
type Asked = { sentence: CallSentence; shape: QuestionShape };

/**
 * Which speaker is the seller (there is no option for it, so it is read from the call):
 * 1. a speaker whose name gives the role away ('Rep', 'Sales', 'AE', 'Account Executive'…); or, when the only other
 *    speaker is named 'Client', 'Customer', 'Prospect' or 'Buyer', that one's counterpart;
 * 2. otherwise the speaker with the most seller evidence: 2 points for each self-introduction with a company or bit of
 *    offer talk ('this is Alex from Acme', 'our platform', 'let me show you', 'demo'), 1 for each question about the
 *    other side's needs, pain, process, budget, timeline or decision, 0.5 for any other question;
 * 3. with no evidence at all, the first speaker (sellers usually open the call), and the report says it guessed.
 */
function pickSeller(names: readonly string[], turns: readonly Turn[], asked: readonly Asked[]): { name: string; guessed: boolean } | null {
  if (names.length < 2) return null;
  const byRole = names.find((name) => sellerNames.test(name));
  if (byRole) return { name: byRole, guessed: false };
  const buyers = names.filter((name) => buyerNames.test(name));
  if (buyers.length > 0 && names.length - buyers.length === 1) return { name: names.find((n) => !buyers.includes(n))!, guessed: false };

  const evidence = (name: string) => {
    const text = turns
      .filter((turn) => turn.speaker === name)
      .map((turn) => turn.text.toLowerCase().replace(/’/g, "'"))
      .join(' \n ');
    const cues = sellerCues.reduce((sum, pattern) => sum + (text.match(new RegExp(pattern.source, 'g'))?.length ?? 0), 0);
    const questions = asked.filter((q) => q.sentence.speaker === name);
    const discovery = questions.filter((q) => q.shape.topics.length > 0 && !q.shape.proposal).length;
    return cues * 2 + discovery + (questions.length - discovery) * 0.5;
  };
  const scored = names.map((name) => ({ name, score: evidence(name) }));
  const best = Math.max(...scored.map((s) => s.score));
  if (best === 0) return { name: names[0]!, guessed: true };
  // On a tie the earlier speaker wins: names are in order of first appearance.
  return { name: scored.find((s) => s.score === best)!.name, guessed: false };
}

function countQuestions(questions: readonly CallQuestion[]): QuestionCounts {
  return {
    total: questions.length,
    open: questions.filter((q) => q.kind === 'open').length,
    closed: questions.filter((q) => q.kind === 'closed').length,
    discovery: questions.filter((q) => q.discovery).length,
    objectionHandling: questions.filter((q) => q.objectionHandling).length,
  };
}

/**
 * The report of a parsed transcript: talk ratio per speaker and side (by words; by time too when every turn is
 * timed), questions by form and purpose, the longest monologue, objections, next steps, sentiment (wink-nlp), topics
 * and a score with reasons. Figures that need speakers are left out when the transcript names none.
 */
export function analyseCall(transcript: Transcript): CallReport {
  const { turns } = transcript;
  const sentences = callSentences(turns);
  // Raw captions have no punctuation at all; then a sentence that opens like a question counts as one.
  const punctuated = sentences.some((sentence) => sentence.text.includes('?'));
  const asked = sentences
    .map((sentence) => ({ sentence, shape: questionShape(sentence, punctuated) }))
    .filter((q): q is Asked => q.shape !== null);
  const names = [...new Set(turns.map((turn) => turn.speaker).filter((name): name is string => name !== null))];
  const pick = pickSeller(names, turns, asked);
  const seller = pick?.name ?? null;

  const isBuyerTurn = (index: number) =>
    seller !== null && turns[index] !== undefined && turns[index].speaker !== null && turns[index].speaker !== seller;
  const objectionTurns = new Set(sentences.filter((s) => isBuyerTurn(s.turnIndex) && objectionIn(s)).map((s) => s.turnIndex));
  const questions: CallQuestion[] = asked.map(({ sentence, shape }) => {
    const bySeller = seller !== null && sentence.speaker === seller;
    return {
      speaker: sentence.speaker ?? UNKNOWN_SPEAKER,
      text: sentence.text,
      kind: shape.form,
      at: sentence.at,
      discovery: bySeller && shape.topics.length > 0 && !shape.proposal,
      objectionHandling: bySeller && isBuyerTurn(sentence.turnIndex - 1) && objectionTurns.has(sentence.turnIndex - 1),
      topics: shape.topics,
    };
  });
  const sellerAsksIn = new Set(asked.filter((q) => seller !== null && q.sentence.speaker === seller).map((q) => q.sentence.turnIndex));

  const hasTimestamps = turns.length > 0 && turns.every((turn) => turn.startSeconds !== null);
  const durationOf = (turn: Turn) =>
    hasTimestamps && turn.startSeconds !== null && turn.endSeconds !== null ? Math.max(0, turn.endSeconds - turn.startSeconds) : null;
  const named = turns.filter((turn) => turn.speaker !== null);
  const totalWords = turns.reduce((sum, turn) => sum + countWords(turn.text), 0);
  const namedWords = named.reduce((sum, turn) => sum + countWords(turn.text), 0);
  const totalSeconds = named.reduce((sum, turn) => sum + (durationOf(turn) ?? 0), 0);

  const speakers: CallSpeaker[] = names.map((name) => {
    const own = named.filter((turn) => turn.speaker === name);
    const words = own.reduce((sum, turn) => sum + countWords(turn.text), 0);
    const durations = own.map(durationOf).filter((d): d is number => d !== null);
    const seconds = hasTimestamps ? durations.reduce((sum, d) => sum + d, 0) : null;
    const mine = questions.filter((q) => q.speaker === name);
    return {
      name,
      isSeller: name === seller,
      side: name === seller ? 'seller' : 'prospect',
      turns: own.length,
      words,
      wordShare: round3(words / Math.max(1, namedWords)),
      seconds: seconds === null ? null : round1(seconds),
      timeShare: seconds === null || totalSeconds === 0 ? null : round3(seconds / totalSeconds),
      questions: mine.length,
      openQuestions: mine.filter((q) => q.kind === 'open').length,
      closedQuestions: mine.filter((q) => q.kind === 'closed').length,
      discoveryQuestions: mine.filter((q) => q.discovery).length,
      objectionHandlingQuestions: mine.filter((q) => q.objectionHandling).length,
      longestTurnWords: Math.max(0, ...own.map((turn) => countWords(turn.text))),
      longestTurnSeconds: durations.length > 0 ? round1(Math.max(...durations)) : null,
      sentiment: meanSentiment(sentences.filter((s) => s.speaker === name)),
    };
  });
  speakers.sort((a, b) => b.words - a.words);

  const side = (members: readonly CallSpeaker[]): SideFigures => {
    const list = new Set(members.map((m) => m.name));
    const words = members.reduce((sum, m) => sum + m.words, 0);
    const seconds = hasTimestamps ? members.reduce((sum, m) => sum + (m.seconds ?? 0), 0) : null;
    const sentiment = meanSentiment(sentences.filter((s) => s.speaker !== null && list.has(s.speaker)));
    return {
      speakers: members.map((m) => m.name),
      words,
      wordShare: round3(words / Math.max(1, namedWords)),
      wordPercent: Math.round((100 * words) / Math.max(1, namedWords)),
      seconds: seconds === null ? null : round1(seconds),
      timeShare: seconds === null || totalSeconds === 0 ? null : round3(seconds / totalSeconds),
      questions: countQuestions(questions.filter((q) => list.has(q.speaker))),
      sentiment,
      sentimentLabel: sentimentLabel(sentiment),
    };
  };
  const sides =
    seller === null ? null : { seller: side(speakers.filter((s) => s.isSeller)), prospect: side(speakers.filter((s) => !s.isSeller)) };

  let longest: Turn | null = null;
  for (const turn of named) {
    const [a, b] = [durationOf(turn), longest ? durationOf(longest) : null];
    const byTime = hasTimestamps && a !== null;
    if (!longest || (byTime ? b === null || a > b : countWords(turn.text) > countWords(longest.text))) longest = turn;
  }
  const longestMonologue =
    longest === null
      ? null
      : {
          speaker: longest.speaker!,
          words: countWords(longest.text),
          seconds: durationOf(longest) === null ? null : round1(durationOf(longest)!),
          at: longest.startSeconds,
        };

  const notices: string[] = [];
  if (names.length === 0)
    notices.push(
      'Speakers could not be identified: the transcript has no "Name:" labels, voice tags or speaker headers, so talk ratio, questions per side and the longest monologue are not given.',
    );
  else if (names.length === 1)
    notices.push(`Only one speaker (${names[0]}) was found, so the seller and the buyer cannot be told apart and no talk ratio is given.`);
  if (pick?.guessed) notices.push(`Nothing showed who was selling; ${pick.name}, who spoke first, is taken as the seller.`);

  const starts = turns.map((turn) => turn.startSeconds).filter((v): v is number => v !== null);
  const ends = turns.map((turn) => turn.endSeconds ?? turn.startSeconds).filter((v): v is number => v !== null);
  const measured = starts.length > 0 && ends.length > 0 ? round1(Math.max(...ends) - Math.min(...starts)) : null;
  const partial: Omit<CallReport, 'score'> = {
    version: 1,
    language: 'en',
    source: {
      format: transcript.format,
      layout: transcript.layout,
      speakersIdentified: transcript.speakersIdentified,
      hasTimestamps,
      turns: turns.length,
      words: totalWords,
      durationSeconds: transcript.statedDurationSeconds ?? measured,
    },
    speakers,
    questions: questions.slice(0, 60),
    questionCounts: countQuestions(questions),
    sides,
    longestMonologue,
    objections: findObjections(sentences, turns, seller, sellerAsksIn),
    sentiment: sentimentOverCall(sentences),
    topics: keyTopics(sentences, turns.length),
    nextSteps: findNextSteps(sentences),
    notices,
  };
  return { ...partial, score: scoreCall(partial) };
}
