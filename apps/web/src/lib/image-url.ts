/**
 * The upload path helper keeps the part starting at 'uploads/'; relative image
 * paths get the base prefix unless they start with https.
 */
export const ASSET_BASE = '/';

export function uploadPath(path: string): string {
  const index = path.indexOf('uploads/');
  return index >= 0 ? path.slice(index) : path;
}

export function imageUrl(path: string | null | undefined, base: string = ASSET_BASE): string | null {
  if (!path) return null;
  if (path.startsWith('https') || path.startsWith('data:') || path.startsWith('blob:')) return path;
  const relative = uploadPath(path).replace(/^\/+/, '');
  return `${base.endsWith('/') ? base : `${base}/`}${relative}`;
}
