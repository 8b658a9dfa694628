import { useId, useRef, useState } from 'react';
import { FileText, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { uploadFile } from '../api/jobs-api.ts';
import type { Upload } from '../api/job-types.ts';

export type UploadKind = 'image' | 'transcript';

export const imageTypes = ['image/png', 'image/jpeg', 'image/webp'];
export const transcriptExtensions = ['.txt', '.vtt', '.srt'];
export const uploadLimits: Record<UploadKind, number> = { image: 15 * 1024 * 1024, transcript: 1024 * 1024 };

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** The client-side check before an upload: type and size (the server judges the content again). */
export function checkFile(file: File, kind: UploadKind, maxBytes = uploadLimits[kind]): string | null {
  if (kind === 'image') {
    const typeOk = imageTypes.includes(file.type) || (!file.type && /\.(png|jpe?g|webp)$/i.test(file.name));
    if (!typeOk) return 'Use a PNG, JPEG or WebP image';
  } else if (!transcriptExtensions.some((ext) => file.name.toLowerCase().endsWith(ext))) {
    return 'Use a .txt, .vtt or .srt file';
  }
  if (file.size === 0) return 'The file is empty';
  if (file.size > maxBytes) return `The file is too large (at most ${formatBytes(maxBytes)})`;
  return null;
}

/**
 * A file input that uploads at once (POST /uploads) with a progress bar, then shows a thumbnail
 * (or the file name for transcripts). The parent keeps the resulting upload.
 */
export function FileUploadField({
  label,
  kind = 'image',
  value,
  onChange,
  error,
  hint,
  maxBytes,
  disabled,
}: {
  label: string;
  kind?: UploadKind;
  value: Upload | null;
  onChange: (upload: Upload | null) => void;
  error?: string;
  hint?: string;
  maxBytes?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const message = uploadError ?? error;
  const accept = kind === 'image' ? imageTypes.join(',') : `${transcriptExtensions.join(',')},text/plain,text/vtt`;

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    const problem = checkFile(file, kind, maxBytes);
    if (problem) {
      setUploadError(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setProgress(0);
    try {
      const upload = await uploadFile(file, kind, setProgress);
      onChange(upload);
    } catch (failure) {
      setUploadError(errorMessage(failure, 'The upload failed'));
      onChange(null);
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <div className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-2">
            {value.purpose === 'image' ? (
              <img src={value.previewUrl} alt={`${label}: ${value.name}`} className="h-16 w-16 rounded object-cover" />
            ) : (
              <FileText className="h-8 w-8 text-slate-500" aria-hidden="true" />
            )}
            <span className="min-w-0 truncate text-sm text-slate-700">{value.name}</span>
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled} aria-label={`Remove ${label}`}>
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled || progress !== null}
          aria-invalid={Boolean(message)}
          aria-describedby={message || hint ? `${id}-message` : undefined}
          onChange={(event) => void handleFile(event.target.files?.[0])}
          className="block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        />
      </div>
      {progress !== null && (
        <div className="flex items-center gap-2">
          <progress className="h-2 w-48 max-w-full" value={Math.round(progress * 100)} max={100} aria-label={`Uploading ${label}`} />
          <span className="text-xs text-slate-600">{Math.round(progress * 100)}%</span>
        </div>
      )}
      {(message || hint) && (
        <p
          id={`${id}-message`}
          role={message ? 'alert' : undefined}
          className={message ? 'text-sm text-red-600' : 'text-xs text-slate-500'}
        >
          {message ?? hint}
        </p>
      )}
    </div>
  );
}
