import { dataOf, newIdempotencyKey } from './context.ts';
import type { LumenContext } from './context.ts';
import type { Upload, UploadPurpose } from './types.ts';

export type UploadInputOptions = {
  /** 'image' (png, jpeg, webp) or 'transcript' (.txt, .vtt, .srt); guessed from the type and name when absent. */
  purpose?: UploadPurpose | undefined;
  /** Sent as Idempotency-Key (the server answers a repeat with the same upload); a fresh UUID by default. */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
};

const typesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  txt: 'text/plain',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
};
const transcriptTypes = new Set(['text/plain', 'text/vtt', 'application/x-subrip']);

const extensionOf = (filename: string) => /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';

/** The content type to send: the one given, the Blob's own, or the file name's; the server judges the bytes anyway. */
export function contentTypeFor(file: Blob | Uint8Array, filename: string, contentType?: string): string {
  if (contentType) return contentType;
  if (file instanceof Blob && file.type) return file.type;
  return typesByExtension[extensionOf(filename)] ?? 'application/octet-stream';
}

export function purposeFor(contentType: string, filename: string): UploadPurpose {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return transcriptTypes.has(type) || ['txt', 'vtt', 'srt'].includes(extensionOf(filename)) ? 'transcript' : 'image';
}

/**
 * POST /api/v1/uploads (multipart): stores an input file for a job and resolves with the upload; pass
 * its id in createJob's `files` (`{ image: upload.id }`). Images: png, jpeg or webp, up to 15 MB and
 * 40 MP, at least 64×64; transcripts up to 1 MB.
 */
export function uploadInput(
  ctx: LumenContext,
  file: Blob | Uint8Array,
  filename: string,
  contentType?: string,
  options: UploadInputOptions = {},
): Promise<Upload> {
  const type = contentTypeFor(file, filename, contentType);
  // The DOM typings take only views of an ArrayBuffer; Blob copies the bytes of any view.
  const blob = file instanceof Blob && file.type === type ? file : new Blob([file as Uint8Array<ArrayBuffer>], { type });
  return dataOf(
    ctx.api.POST('/api/v1/uploads', {
      body: { file: blob, purpose: options.purpose ?? purposeFor(type, filename) },
      bodySerializer: (body) => {
        const form = new FormData();
        if (body.purpose) form.append('purpose', body.purpose);
        form.append('file', body.file, filename);
        return form;
      },
      params: { header: { 'idempotency-key': options.idempotencyKey ?? newIdempotencyKey() } },
      signal: options.signal,
    }),
  );
}
