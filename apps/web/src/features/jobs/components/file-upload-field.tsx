import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { CloudUpload, FileText, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { uploadFile } from '../api/jobs.ts';
import type { Upload } from '../api/job-types.ts';

export type UploadKind = 'image' | 'transcript';

export const imageTypes = ['image/png', 'image/jpeg', 'image/webp'];
export const transcriptExtensions = ['.txt', '.vtt', '.srt'];
export const uploadLimits: Record<UploadKind, number> = { image: 15 * 1024 * 1024, transcript: 1024 * 1024 };

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;
  if (bytes < 1024) return `${bytes} B`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** What the field takes, stated before anything is uploaded: 'PNG, JPEG or WebP · up to 15 MB'. */
export function acceptedFilesText(kind: UploadKind, maxBytes = uploadLimits[kind]): string {
  return `${kind === 'image' ? 'PNG, JPEG or WebP' : '.txt, .vtt or .srt'} · up to ${formatBytes(maxBytes)}`;
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

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * A drop zone (click, Enter or Space on the focused field, or drag and drop) that uploads at once (POST /uploads)
 * with a progress bar, then shows a preview with Replace and Remove. The parent keeps the resulting upload.
 * The real file input stays in the page, visually hidden, so it keeps its label for assistive technology and tests.
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
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const message = uploadError ?? error;
  const busy = Boolean(disabled) || uploading !== null;
  const showZone = uploading === null && !value;
  const accept = kind === 'image' ? imageTypes.join(',') : `${transcriptExtensions.join(',')},text/plain,text/vtt`;
  const describedBy = [showZone && `${id}-limits`, (message || hint) && `${id}-message`].filter(Boolean).join(' ');

  async function handleFile(file: File | undefined) {
    if (!file || busy) return;
    setUploadError(null);
    const problem = checkFile(file, kind, maxBytes);
    if (problem) {
      setUploadError(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setUploading({ name: file.name, progress: 0 });
    try {
      const upload = await uploadFile(file, kind, (progress) => setUploading({ name: file.name, progress }));
      onChange(upload);
    } catch (failure) {
      setUploadError(errorMessage(failure, 'The upload failed'));
      onChange(null);
    } finally {
      setUploading(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function dragOver(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setDragging(true);
  }

  function dragLeave(event: DragEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    // Several files dropped at once: the field takes one, the first.
    void handleFile(event.dataTransfer?.files[0]);
  }

  return (
    <div className="space-y-1.5">
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        tabIndex={showZone ? undefined : -1}
        aria-labelledby={`${id}-label`}
        aria-invalid={Boolean(message)}
        aria-describedby={describedBy || undefined}
        onChange={(event) => void handleFile(event.target.files?.[0])}
        className="peer sr-only"
      />
      <div
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={dragLeave}
        onDrop={drop}
        data-dragging={dragging || undefined}
        className={cn(
          'rounded-xl border-2 border-dashed transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          // While dragging, the zone's children let the events through, so moving over them does not end the highlight.
          'data-[dragging]:*:pointer-events-none',
          dragging ? 'border-brand-500 bg-brand-50' : message ? 'border-red-300 bg-white' : 'border-slate-300 bg-slate-50',
          disabled && 'opacity-60',
        )}
      >
        {uploading ? (
          <div className="flex min-h-36 flex-col items-center justify-center gap-2 px-4 py-6 text-center">
            <p className="max-w-full truncate text-sm text-slate-700">Uploading {uploading.name}…</p>
            <progress
              className="h-2 w-48 max-w-full"
              value={Math.round(uploading.progress * 100)}
              max={100}
              aria-label={`Uploading ${label}`}
            />
            <span className="text-xs text-slate-600">{Math.round(uploading.progress * 100)}%</span>
          </div>
        ) : value ? (
          <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-3">
              {value.purpose === 'image' ? (
                <img
                  src={value.previewUrl}
                  alt={`${label}: ${value.name}`}
                  className="h-20 w-20 shrink-0 rounded-lg bg-white object-cover"
                />
              ) : (
                <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-white">
                  <FileText className="h-8 w-8 text-slate-500" aria-hidden="true" />
                </span>
              )}
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{value.name}</p>
                <p className="text-xs text-slate-600">{formatBytes(value.size)}</p>
              </div>
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                className="min-h-11"
                onClick={() => inputRef.current?.click()}
                disabled={busy}
                aria-label={`Replace ${label}`}
              >
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> Replace
              </Button>
              <Button variant="ghost" className="min-h-11" onClick={() => onChange(null)} disabled={busy} aria-label={`Remove ${label}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
              </Button>
            </div>
          </div>
        ) : (
          <label
            htmlFor={id}
            className={cn(
              'flex min-h-36 flex-col items-center justify-center gap-2 px-4 py-6 text-center',
              disabled ? 'cursor-not-allowed' : 'cursor-pointer',
            )}
          >
            <CloudUpload className="h-8 w-8 text-brand-600" aria-hidden="true" />
            <span className="text-sm text-slate-700">
              {dragging ? (
                'Drop the file to upload it'
              ) : (
                <>
                  <span className="font-semibold text-brand-700">Choose a file</span> or drag it here
                </>
              )}
            </span>
            <span id={`${id}-limits`} className="text-xs text-slate-500">
              {acceptedFilesText(kind, maxBytes)}
            </span>
          </label>
        )}
      </div>
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
