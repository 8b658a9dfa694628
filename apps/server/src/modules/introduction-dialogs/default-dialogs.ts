import type { ServiceKey } from '@lumen/core/services/catalogue';

/**
 * Stands in a dialog's text for the free tools' daily limit; a user reading the dialog sees the
 * configured limit (FREE_JOBS_PER_DAY), the same number the tool page shows.
 */
export const FREE_RUNS_PLACEHOLDER = '{free runs a day}';
export const freeRunsText = (perDay: number): string => (perDay > 0 ? `up to ${perDay} runs a day` : 'as often as you like');

/** The seeded AI Background text before it named the limit: replaced at start where nobody edited it. */
export const UNLIMITED_AI_BACKGROUND_BODY =
  'Upload a photo and the subject is cut out of its background.\n\nPut it on a colour, one of our backgrounds, or a picture of your own. AI Background is free to use as often as you like.';

/** The first-visit dialog of each tool as seeded; admins edit them later. Plain-text paragraphs. */
export const defaultIntroductionDialogs: Record<ServiceKey, { title: string; body: string }> = {
  'ai-background': {
    title: 'Welcome to AI Background',
    body: `Upload a photo and the subject is cut out of its background.\n\nPut it on a colour, one of our backgrounds, or a picture of your own. AI Background is free to use, ${FREE_RUNS_PLACEHOLDER}.`,
  },
  'image-generator': {
    title: 'Welcome to Image Generation',
    body: 'Describe the picture you want, pick a style and an aspect ratio, and generate up to four images.\n\nA negative prompt lists what you do not want to see. Each generation costs 1 credit.',
  },
  'virtual-try-on': {
    title: 'Welcome to Virtual Try-On',
    body: 'Choose a photo of a person (yours or one of our models) and a garment, and see the person wearing it.\n\nUse a front-facing, full-body photo with plain lighting. Only use photos of people who agreed to it. Each try-on costs 2 credits.',
  },
  speedpainting: {
    title: 'Welcome to Speed Painting',
    body: 'Upload a picture and get a video of it being painted stroke by stroke.\n\nChoose the style, the length and the resolution. Each video costs 5 credits.',
  },
  'sales-pilot': {
    title: 'Welcome to Sales Pilot',
    body: 'Paste a sales-call transcript or notes, or upload a .txt, .vtt or .srt file.\n\nYou get a report with talk ratio, questions, objections, sentiment, topics, next steps and a score. Each analysis costs 1 credit.',
  },
  'sound-generator': {
    title: 'Welcome to Sound Generation',
    body: 'Describe a sound or a piece of music and choose how long it should be.\n\nYou get an audio file with its waveform. Each sound costs 2 credits.',
  },
};
