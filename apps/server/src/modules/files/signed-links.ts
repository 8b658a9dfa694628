import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Short-lived links to stored files (decision 014): the token carries the storage key, how to serve
 * it (inline or attachment with a file name), its content type and expiry, signed with HMAC-SHA256
 * under a key derived from JWT_SECRET. Anyone holding the link may read the file until it expires,
 * so links are only handed to the file's owner (or an admin) and live minutes.
 */
export type FileLinkClaims = {
  key: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  /** Offered file name (attachment downloads). */
  fileName?: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
};

const claimsSchema = z.object({
  k: z.string().min(1).max(500),
  t: z.string().min(1).max(200),
  d: z.enum(['inline', 'attachment']),
  n: z.string().max(300).optional(),
  e: z.number().int(),
});

export type FileLinks = {
  sign(claims: Omit<FileLinkClaims, 'expiresAt'>, ttlSeconds?: number): { token: string; url: string; expiresAt: Date };
  /** The claims of a valid, unexpired token; null when tampered with or expired. */
  verify(token: string): FileLinkClaims | null;
};

export function createFileLinks(options: { secret: string; ttlSeconds: number; urlPrefix: string; clock: () => Date }): FileLinks {
  const key = createHmac('sha256', options.secret).update('lumen:file-links:v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claims, ttlSeconds = options.ttlSeconds) {
      const expiresAt = Math.floor(options.clock().getTime() / 1000) + ttlSeconds;
      const payload = Buffer.from(
        JSON.stringify({ k: claims.key, t: claims.contentType, d: claims.disposition, n: claims.fileName, e: expiresAt }),
      ).toString('base64url');
      const token = `${payload}.${mac(payload).toString('base64url')}`;
      return { token, url: `${options.urlPrefix}/${token}`, expiresAt: new Date(expiresAt * 1000) };
    },
    verify(token) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      // The signature as sign() writes it, character for character: decoding it first would let trailing or
      // non-base64 characters through (Node's decoder skips them).
      const expected = Buffer.from(mac(payload).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: z.infer<typeof claimsSchema>;
      try {
        parsed = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
      if (parsed.e * 1000 <= options.clock().getTime()) return null;
      return { key: parsed.k, contentType: parsed.t, disposition: parsed.d, fileName: parsed.n, expiresAt: parsed.e };
    },
  };
}

/** `attachment; filename="…"; filename*=UTF-8''…` with a safe ASCII fallback. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName?: string): string {
  if (!fileName) return disposition;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
