import type { Metadata } from 'sharp';
import { uploadLimits } from '@lumen/core/jobs/schemas';
import { salesTranscriptExtensions } from '@lumen/core/services/sales-pilot-params';
import { AppError } from '../../plugins/app-error.ts';
import { detectImageType } from '../users/index.ts';

export const uploadMessages = {
  empty: 'The file is empty',
  imageType: 'Only PNG, JPEG or WebP images are allowed',
  svg: 'SVG images are not accepted; please upload a PNG, JPEG or WebP image',
  corrupt: 'The image could not be read. It may be damaged or incomplete; please try another file.',
  tooManyPixels: `The image has too many pixels (max ${uploadLimits.imageMaxPixels / 1_000_000} megapixels)`,
  tooSmall: `The image is too small (at least ${uploadLimits.imageMinSide}×${uploadLimits.imageMinSide} pixels)`,
  imageTooLarge: `The image is too large (max ${uploadLimits.imageMaxBytes / 1024 / 1024} MB)`,
  transcriptTooLarge: `The transcript is too large (max ${uploadLimits.transcriptMaxBytes / 1024 / 1024} MB)`,
  transcriptType: `Transcripts must be ${salesTranscriptExtensions.join(', ')} text files`,
  transcriptEncoding: 'The transcript must be UTF-8 text',
} as const;

export type CheckedFile = { contentType: string; width?: number; height?: number };

const imageContentType = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.startsWith('<!doctype svg');
}

/** Judges an image by its content: type, header, pixel count (before decoding: bombs), size, and a full decode. */
export async function checkImage(bytes: Buffer): Promise<CheckedFile> {
  if (bytes.length === 0) throw new AppError('UNPROCESSABLE', 422, uploadMessages.empty);
  const type = detectImageType(bytes);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, looksLikeSvg(bytes) ? uploadMessages.svg : uploadMessages.imageType);
  }
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata(); // header only
  } catch (cause) {
    throw new AppError('UNPROCESSABLE', 422, uploadMessages.corrupt, { cause });
  }
  if (metadata.format !== type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, uploadMessages.imageType);
  const { width, height } = metadata;
  if (!width || !height) throw new AppError('UNPROCESSABLE', 422, uploadMessages.corrupt);
  if (width * height > uploadLimits.imageMaxPixels) throw new AppError('UNPROCESSABLE', 422, uploadMessages.tooManyPixels);
  if (width < uploadLimits.imageMinSide || height < uploadLimits.imageMinSide) {
    throw new AppError('UNPROCESSABLE', 422, uploadMessages.tooSmall);
  }
  try {
    // Decodes every pixel (a truncated file fails here) into a tiny thumbnail that is thrown away.
    await sharp(bytes, { limitInputPixels: uploadLimits.imageMaxPixels, failOn: 'truncated', animated: false })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (cause) {
    throw new AppError('UNPROCESSABLE', 422, uploadMessages.corrupt, { cause });
  }
  return { contentType: imageContentType[type], width, height };
}

const transcriptTypes: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.srt': 'application/x-subrip; charset=utf-8',
};

/** A .txt/.vtt/.srt transcript: UTF-8 text without NUL bytes, at most 1 MB. */
export function checkTranscript(bytes: Buffer, fileName: string): CheckedFile {
  const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? '';
  const contentType = transcriptTypes[extension];
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, uploadMessages.transcriptType);
  if (bytes.length === 0) throw new AppError('UNPROCESSABLE', 422, uploadMessages.empty);
  if (bytes.length > uploadLimits.transcriptMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, uploadMessages.transcriptTooLarge);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('UNPROCESSABLE', 422, uploadMessages.transcriptEncoding);
  }
  if (bytes.includes(0)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, uploadMessages.transcriptType);
  return { contentType };
}

/** A file name safe to store and offer back: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-200);
  return cleaned || fallback;
}
