import type { EngineFile } from '../engine.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { deadlineMsOf } from './provider-deadlines.ts';

export type RemoveBgSettings = {
  apiKey: string;
  /** https://api.remove.bg, or a compatible server. */
  baseUrl: string;
  http: HttpPolicy;
};

const blobOf = (file: EngineFile) => new Blob([new Uint8Array(file.data)], { type: file.contentType });

/** What remove.bg made, and the credits it says it charged for it (`X-Credits-Charged`; null when absent or unreadable). */
export type RemoveBgResult = { image: Buffer; creditsCharged: number | null };

/** remove.bg's X-Credits-Charged header: the credits the call cost (1 for a full-resolution image, fractions for smaller). */
export function creditsChargedOf(headers: Headers): number | null {
  const value = headers.get('x-credits-charged');
  const credits = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(credits) && credits >= 0 ? credits : null;
}

/**
 * POST /v1.0/removebg (multipart, X-Api-Key): the photo as image_file, size 'auto' (the largest the
 * credits allow), PNG out; with bg_color (hex without '#') or bg_image_file remove.bg puts the
 * subject on that background itself, otherwise the background is transparent. The answer's
 * X-Credits-Charged says what the call cost.
 */
export async function removeBackground(
  settings: RemoveBgSettings,
  request: { image: EngineFile; bgColor?: string; bgImage?: EngineFile },
  signal: AbortSignal,
): Promise<RemoveBgResult> {
  const form = new FormData();
  form.append('image_file', blobOf(request.image), request.image.name);
  form.append('size', 'auto');
  form.append('format', 'png');
  if (request.bgColor) form.append('bg_color', request.bgColor.replace(/^#/, ''));
  if (request.bgImage) form.append('bg_image_file', blobOf(request.bgImage), request.bgImage.name);
  const answer = await sendRequest(
    { method: 'POST', url: `${settings.baseUrl}/v1.0/removebg`, headers: { 'X-Api-Key': settings.apiKey, Accept: 'image/*' }, form },
    // The answer is the picture: remove.bg's deadline (provider-deadlines.ts) is the time to answer.
    { ...settings.http, timeoutMs: Math.max(settings.http.timeoutMs, deadlineMsOf('removebg', 'removebg')) },
    signal,
  );
  return { image: answer.body, creditsCharged: creditsChargedOf(answer.headers) };
}
