import type { EngineResultFile } from '../engine.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';
import { ProviderError } from '../provider-error.ts';

export type OutputKind = 'image' | 'video' | 'audio';

type Sniffed = { contentType: string; extension: string; kind: OutputKind };

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** The file type by its first bytes (never by the URL or the provider's Content-Type). */
export function sniffMediaType(data: Buffer): Sniffed | null {
  if (data.length < 12) return null;
  if (data[0] === 0x89 && ascii(data, 1, 4) === 'PNG') return { contentType: 'image/png', extension: 'png', kind: 'image' };
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { contentType: 'image/jpeg', extension: 'jpg', kind: 'image' };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return { contentType: 'image/webp', extension: 'webp', kind: 'image' };
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WAVE') return { contentType: 'audio/wav', extension: 'wav', kind: 'audio' };
  if (ascii(data, 4, 8) === 'ftyp') return { contentType: 'video/mp4', extension: 'mp4', kind: 'video' };
  if (data.readUInt32BE(0) === 0x1a45dfa3) return { contentType: 'video/webm', extension: 'webm', kind: 'video' };
  if (ascii(data, 0, 4) === 'fLaC') return { contentType: 'audio/flac', extension: 'flac', kind: 'audio' };
  if (ascii(data, 0, 4) === 'OggS') return { contentType: 'audio/ogg', extension: 'ogg', kind: 'audio' };
  if (ascii(data, 0, 3) === 'ID3' || (data[0] === 0xff && (data[1]! & 0xe0) === 0xe0)) {
    return { contentType: 'audio/mpeg', extension: 'mp3', kind: 'audio' };
  }
  return null;
}

/**
 * Checks a downloaded result is a readable file of the expected kind and names it `<stem>.<ext>`;
 * images are fully decoded and get the usual watermarked preview.
 */
export async function toResultFile(data: Buffer, expected: OutputKind, stem: string, provider: string): Promise<EngineResultFile> {
  const unreadable = (detail: string) =>
    new ProviderError(`The ${provider} service returned a result that is not a valid ${expected} file`, {
      transient: false,
      provider,
      detail,
    });
  const sniffed = sniffMediaType(data);
  if (!sniffed || sniffed.kind !== expected) throw unreadable(sniffed ? `got ${sniffed.contentType}` : `unknown ${data.length}-byte file`);
  const name = `${stem}.${sniffed.extension}`;
  if (expected !== 'image') return { kind: expected, name, contentType: sniffed.contentType, data };
  const { default: sharp } = await import('sharp');
  try {
    await sharp(data).raw().toBuffer();
    return { kind: 'image', name, contentType: sniffed.contentType, data, preview: await makeImagePreview(data, name) };
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message : String(error));
  }
}
