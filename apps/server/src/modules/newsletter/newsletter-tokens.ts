import { createHmac, timingSafeEqual } from 'node:crypto';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, purpose: NewsletterLinkPurpose, subscriberId: string): string {
  return createHmac('sha256', secret).update(`newsletter:${purpose}:${subscriberId}`).digest('base64url');
}

/** `<subscriber id>.<HMAC>`: a link that works without signing in and cannot be forged for another address. */
export function newsletterToken(secret: string, purpose: NewsletterLinkPurpose, subscriberId: string): string {
  return `${subscriberId}.${signature(secret, purpose, subscriberId)}`;
}

/** The subscriber id of a genuine token for this purpose, else null. */
export function verifyNewsletterToken(secret: string, purpose: NewsletterLinkPurpose, token: string): string | null {
  const [id, given, ...rest] = token.split('.');
  if (!id || !given || rest.length > 0 || !UUID.test(id)) return null;
  const expected = Buffer.from(signature(secret, purpose, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}
