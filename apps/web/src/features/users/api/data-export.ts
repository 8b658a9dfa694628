import { API_BASE, normaliseMessage, refreshAccessToken } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/session-storage.ts';

const FALLBACK_NAME = 'lumen-studio-data.zip';

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? FALLBACK_NAME;
}

/** POST /user/me/export: the server streams one zip, which the browser saves under the server's name. */
export async function downloadMyData(): Promise<void> {
  const send = () => {
    const token = getStoredToken();
    return fetch(`${API_BASE}/user/me/export`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  };
  let response = await send();
  // An access token lives 15 minutes: refresh it once, as every other call does.
  if (response.status === 401 && (await refreshAccessToken())) response = await send();
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new Error(normaliseMessage(body) ?? 'Could not prepare your data. Please try again.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  link.click();
  URL.revokeObjectURL(url);
}
