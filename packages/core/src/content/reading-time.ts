export const WORDS_PER_MINUTE = 200;

/** Reading time in minutes: words at 200 per minute, rounded up. */
export function readingTimeMinutes(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.ceil(words / WORDS_PER_MINUTE);
}

/** '4 min read'; never less than one minute. */
export const readingTimeLabel = (minutes: number) => `${Math.max(1, minutes)} min read`;
