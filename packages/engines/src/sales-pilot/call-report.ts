import type { SalesReport, SalesSpeaker } from '@lumen/core/services/sales-report';
import type { TranscriptLayout } from './transcript-parser.ts';

/** Questions by form (open + closed = total) and by purpose (discovery, objection handling: subsets, may overlap). */
export type QuestionCounts = { total: number; open: number; closed: number; discovery: number; objectionHandling: number };

/** One side of the call: the seller, or everyone else (the prospect side). */
export type SideFigures = {
  speakers: string[];
  words: number;
  /** Talk ratio by words, 0..1. */
  wordShare: number;
  /** The same to the nearest percent (rounded once, from the word counts). */
  wordPercent: number;
  seconds: number | null;
  timeShare: number | null;
  questions: QuestionCounts;
  /** wink-nlp sentiment of the side's sentences, -1..1, weighted by words. */
  sentiment: number;
  sentimentLabel: 'positive' | 'neutral' | 'negative';
};

export type CallSpeaker = SalesSpeaker & {
  side: 'seller' | 'prospect';
  discoveryQuestions: number;
  objectionHandlingQuestions: number;
  longestTurnSeconds: number | null;
  sentiment: number;
};

export type CallQuestion = SalesReport['questions'][number] & {
  /** A seller question about the buyer's needs, pain, process, budget, timeline or decision (see questions.ts). */
  discovery: boolean;
  /** A seller question in the turn right after a buyer objection. */
  objectionHandling: boolean;
  topics: string[];
};

/** What the built-in analyser adds to the report schema (the web app and the server read the schema's fields). */
export type CallReportExtras = {
  questionCounts: QuestionCounts;
  sides: { seller: SideFigures; prospect: SideFigures } | null;
  /** The longest uninterrupted turn: by seconds when every turn is timed, else by words. */
  longestMonologue: { speaker: string; words: number; seconds: number | null; at: number | null } | null;
  /** What the report could not work out, in words for the reader (e.g. speakers not identified). */
  notices: string[];
};

export type CallReport = Omit<SalesReport, 'speakers' | 'questions' | 'source'> &
  CallReportExtras & {
    source: SalesReport['source'] & { layout: TranscriptLayout; speakersIdentified: boolean };
    speakers: CallSpeaker[];
    questions: CallQuestion[];
  };
