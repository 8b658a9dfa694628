import { ProviderError } from '../provider-error.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';

/** Result files can be large (videos): every download gets at least this long. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * Downloads a result file, or decodes a data URL. `auth` headers go only to `authOrigin` (the
 * provider's API); files on the providers' delivery hosts are public links and get none.
 */
export async function downloadFile(
  url: string,
  options: { http: HttpPolicy; auth?: Record<string, string>; authOrigin?: string },
  signal: AbortSignal,
): Promise<Buffer> {
  const data = /^data:[^,]*?(;base64)?,(.*)$/s.exec(url);
  if (data) return data[1] ? Buffer.from(data[2]!, 'base64') : Buffer.from(decodeURIComponent(data[2]!), 'utf8');
  if (!/^https?:/.test(url)) {
    throw new ProviderError(`The ${options.http.provider} service returned a result link we cannot download`, {
      transient: false,
      provider: options.http.provider,
      detail: url.slice(0, 200),
    });
  }
  const sameOrigin = options.authOrigin !== undefined && new URL(url).origin === new URL(options.authOrigin).origin;
  const headers = { Accept: '*/*', ...(sameOrigin ? options.auth : {}) };
  const response = await sendRequest(
    { method: 'GET', url, headers },
    { ...options.http, timeoutMs: Math.max(options.http.timeoutMs, DOWNLOAD_TIMEOUT_MS) },
    signal,
  );
  return response.body;
}

/** Every file URL in an output: a string, an array of them, or an object whose values hold URLs. */
export function outputUrls(output: unknown): string[] {
  const isUrl = (value: unknown): value is string => typeof value === 'string' && /^(https?:|data:)/.test(value);
  if (isUrl(output)) return [output];
  if (Array.isArray(output)) return output.flatMap((item) => outputUrls(item));
  if (output && typeof output === 'object') return Object.values(output).flatMap((value) => outputUrls(value));
  return [];
}

function noFileError(provider: string, output: unknown): ProviderError {
  return new ProviderError(`The ${provider} service finished without returning a file`, {
    transient: false,
    provider,
    detail: JSON.stringify(output ?? null).slice(0, 300),
  });
}

/** Downloads every file the output names; none at all is an unreadable result. */
export async function downloadOutputs(
  output: unknown,
  options: { http: HttpPolicy; auth?: Record<string, string>; authOrigin?: string },
  signal: AbortSignal,
): Promise<Buffer[]> {
  const urls = outputUrls(output);
  if (urls.length === 0) throw noFileError(options.http.provider, output);
  const files: Buffer[] = [];
  for (const url of urls) files.push(await downloadFile(url, options, signal));
  return files;
}
