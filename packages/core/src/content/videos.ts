import { z } from 'zod';
import { serviceKeys } from '../services/catalogue.ts';

/** A tutorial video: YouTube or Vimeo links are embedded; anything else opens in a new tab. */
export const tutorialVideoBodySchema = z
  .strictObject({
    service: z.enum(serviceKeys, { error: 'Choose a tool' }),
    title: z.string().trim().min(1, 'Title is required').max(160, 'Title must be at most 160 characters'),
    description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
    url: z.url({ protocol: /^https$/, error: 'Enter an https:// video link' }).max(500, 'The link must be at most 500 characters'),
    durationLabel: z.string().trim().max(20).default(''),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .meta({
    examples: [
      {
        service: 'ai-background',
        title: 'Replace a product photo background in one minute',
        description: 'Cut out the product, then put it on a colour, a preset background or your own picture.',
        url: 'https://media.example.com/tutorials/ai-background.mp4',
        durationLabel: '1:12',
        sortOrder: 1,
      },
    ],
  });
export type TutorialVideoBody = z.input<typeof tutorialVideoBodySchema>;

export const tutorialVideoSchema = z.object({
  id: z.string(),
  service: z.enum(serviceKeys),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  embedUrl: z.string().nullable(),
  durationLabel: z.string(),
  sortOrder: z.number().int(),
});
export type TutorialVideo = z.infer<typeof tutorialVideoSchema>;
export const videoIdParamsSchema = z.strictObject({ id: z.uuid('Unknown video') });

/** The privacy-friendly embed address of a YouTube or Vimeo link, or null. */
export function embedUrlFor(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const id = (value: string | null | undefined) => (value && /^[A-Za-z0-9_-]{6,20}$/.test(value) ? value : null);
  if (host === 'youtube.com' || host === 'm.youtube.com') {
    const videoId = id(parsed.searchParams.get('v')) ?? id(/^\/(?:embed|shorts)\/([^/]+)/.exec(parsed.pathname)?.[1]);
    return videoId ? `https://www.youtube-nocookie.com/embed/${videoId}` : null;
  }
  if (host === 'youtu.be') {
    const videoId = id(parsed.pathname.slice(1));
    return videoId ? `https://www.youtube-nocookie.com/embed/${videoId}` : null;
  }
  if (host === 'vimeo.com') {
    const videoId = /^\/(\d{5,12})$/.exec(parsed.pathname)?.[1];
    return videoId ? `https://player.vimeo.com/video/${videoId}` : null;
  }
  return null;
}
