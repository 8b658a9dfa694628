import { z } from 'zod';

/** The report the sales pilot computes from a call transcript; the web renders it (issue 6). */
export const objectionCategories = ['price', 'timing', 'competitor', 'authority', 'need'] as const;
export type ObjectionCategory = (typeof objectionCategories)[number];

export const transcriptFormats = ['vtt', 'srt', 'text'] as const;

const share = z.number().min(0).max(1);
/** Seconds from the start of the call, when the transcript has timestamps. */
const at = z.number().nonnegative().nullable();

export const salesSpeakerSchema = z.object({
  name: z.string(),
  /** The speaker taken for the seller (asks about needs, talks about the offer); at most one. */
  isSeller: z.boolean(),
  turns: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
  wordShare: share,
  /** Talk time; null without timestamps. */
  seconds: z.number().nonnegative().nullable(),
  timeShare: share.nullable(),
  questions: z.number().int().nonnegative(),
  openQuestions: z.number().int().nonnegative(),
  closedQuestions: z.number().int().nonnegative(),
  longestTurnWords: z.number().int().nonnegative(),
});
export type SalesSpeaker = z.infer<typeof salesSpeakerSchema>;

export const salesQuestionSchema = z.object({
  speaker: z.string(),
  text: z.string(),
  kind: z.enum(['open', 'closed']),
  at,
});

export const salesObjectionSchema = z.object({
  category: z.enum(objectionCategories),
  speaker: z.string(),
  /** The sentence quoted from the transcript. */
  quote: z.string(),
  /** The phrase that matched, e.g. 'too expensive'. */
  cue: z.string(),
  at,
  /** The seller answered it in the following turns. */
  handled: z.boolean(),
});
export type SalesObjection = z.infer<typeof salesObjectionSchema>;

export const salesSentimentSegmentSchema = z.object({
  index: z.number().int().nonnegative(),
  start: at,
  end: at,
  /** -1 (negative) .. 1 (positive). */
  score: z.number().min(-1).max(1),
  label: z.enum(['positive', 'neutral', 'negative']),
});

export const salesTopicSchema = z.object({ term: z.string(), mentions: z.number().int().positive(), weight: share });

export const salesNextStepSchema = z.object({
  speaker: z.string(),
  text: z.string(),
  /** The time phrase found in the sentence, e.g. 'Thursday' or 'next week'. */
  due: z.string().nullable(),
  at,
});

export const salesScoreReasonSchema = z.object({
  criterion: z.enum(['talk-ratio', 'discovery', 'objections', 'next-steps', 'sentiment']),
  points: z.number().nonnegative(),
  maxPoints: z.number().positive(),
  good: z.boolean(),
  detail: z.string(),
});
export type SalesScoreReason = z.infer<typeof salesScoreReasonSchema>;

export const salesReportSchema = z.object({
  version: z.literal(1),
  language: z.literal('en'),
  source: z.object({
    format: z.enum(transcriptFormats),
    hasTimestamps: z.boolean(),
    turns: z.number().int().positive(),
    words: z.number().int().positive(),
    /** From the first to the last timestamp; null without timestamps. */
    durationSeconds: z.number().nonnegative().nullable(),
  }),
  speakers: z.array(salesSpeakerSchema),
  questions: z.array(salesQuestionSchema),
  objections: z.array(salesObjectionSchema),
  sentiment: z.object({ overall: z.number().min(-1).max(1), segments: z.array(salesSentimentSegmentSchema) }),
  topics: z.array(salesTopicSchema),
  nextSteps: z.array(salesNextStepSchema),
  score: z.object({
    value: z.number().int().min(0).max(100),
    /** One line verdict, e.g. 'Strong call'. */
    verdict: z.string(),
    reasons: z.array(salesScoreReasonSchema),
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
