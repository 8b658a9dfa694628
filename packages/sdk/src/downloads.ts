import { apiErrorFrom } from './errors.ts';
import { dataOf } from './context.ts';
import type { LumenContext } from './context.ts';
import type { DownloadLink, Job } from './types.ts';

export type DownloadOutputOptions = {
  /** One output of the job (`job.outputs[i].id`); the job's first (primary) output by default. */
  outputId?: string | undefined;
  signal?: AbortSignal | undefined;
};

export type DownloadedFile = {
  bytes: Uint8Array;
  contentType: string;
  /** The name the server offers (Content-Disposition), e.g. 'image-generator-1.png'. */
  fileName: string | null;
};

/** The file name of a Content-Disposition header: filename*=UTF-8''… first, then filename="…". */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1] ?? null;
}

/**
 * The whole body. An abort cancels it here rather than through fetch, which follows a Request's
 * signal only as long as that Request has not been garbage-collected.
 */
async function readBytes(response: Response, signal: AbortSignal | undefined): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { value, done } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Downloads a result file: asks for a short-lived signed link (GET /api/v1/jobs/{id}/download, or
 * /outputs/{outputId}/download) and fetches it. The link carries its own authority, so the API key is
 * not sent with it (nor to the file store a link may redirect to). Downloads need an account that has
 * bought credits (LumenPermissionError otherwise).
 */
export async function downloadOutput(
  ctx: LumenContext,
  job: string | Pick<Job, 'id'>,
  options: DownloadOutputOptions = {},
): Promise<DownloadedFile> {
  const id = typeof job === 'string' ? job : job.id;
  const { outputId, signal } = options;
  const link: DownloadLink =
    outputId === undefined
      ? await dataOf(ctx.api.GET('/api/v1/jobs/{id}/download', { params: { path: { id } }, signal }))
      : await dataOf(ctx.api.GET('/api/v1/jobs/{id}/outputs/{outputId}/download', { params: { path: { id, outputId } }, signal }));
  const response = await ctx.fetch(new Request(new URL(link.url, `${ctx.baseUrl}/`), { signal }));
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text goes in the message
    }
    throw apiErrorFrom(response, body);
  }
  return {
    bytes: await readBytes(response, signal),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    fileName: fileNameFrom(response.headers.get('content-disposition')),
  };
}
