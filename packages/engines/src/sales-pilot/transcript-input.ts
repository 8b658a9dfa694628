import { salesTextMinChars, salesTranscriptExtensions, salesTranscriptMaxBytes } from '@lumen/core/services/sales-pilot-params';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';

/** The transcript text from exactly one of: an uploaded .txt/.vtt/.srt file (UTF-8, ≤ 1 MB) or pasted text. */
export function transcriptText(file: EngineFile | undefined, pasted: string | undefined): { text: string; fileName?: string } {
  if (file && pasted) throw new EngineInputError('Send either a transcript file or pasted text, not both');
  if (!file && !pasted) throw new EngineInputError('Upload a transcript (.txt, .vtt or .srt) or paste the call notes');
  if (pasted !== undefined) return { text: pasted };
  const upload = file as EngineFile;
  const extension = `.${upload.name.toLowerCase().split('.').pop() ?? ''}`;
  if (!(salesTranscriptExtensions as readonly string[]).includes(extension)) {
    throw new EngineInputError('The transcript must be a .txt, .vtt or .srt file');
  }
  if (upload.data.length === 0) throw new EngineInputError('The transcript file is empty');
  if (upload.data.length > salesTranscriptMaxBytes) throw new EngineInputError('The transcript file is larger than 1 MB');
  if (upload.data.includes(0)) throw new EngineInputError('The transcript file is not text (it contains binary data)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(upload.data);
  } catch {
    throw new EngineInputError('The transcript file is not valid UTF-8 text');
  }
  // Control characters other than tab and line breaks mean this is not a transcript.
  const hasControl = [...text].some((c) => {
    const code = c.charCodeAt(0);
    return (code >= 1 && code <= 8) || (code >= 14 && code <= 31);
  });
  if (hasControl) throw new EngineInputError('The transcript file is not text (it contains control characters)');
  if (text.trim().length < salesTextMinChars)
    throw new EngineInputError(`The transcript is too short (at least ${salesTextMinChars} characters)`);
  return { text, fileName: upload.name };
}
