import { z } from 'zod';

/** One signed-in device (a refresh-token family) in GET /auth/sessions. */
export const sessionSchema = z.object({
  id: z.string(),
  /** Human, from the user agent: 'Chrome on Linux', 'Safari on iPhone', 'Unknown device'. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The last sign-in or refresh of this session. */
  lastSeenAt: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

export const sessionIdParamsSchema = z.strictObject({ id: z.uuid('id must be a UUID') });

/** POST /auth/sessions/revoke-others data. */
export const revokeOtherSessionsResultSchema = z.object({ revoked: z.number().int() });
export type RevokeOtherSessionsResult = z.infer<typeof revokeOtherSessionsResultSchema>;

export const sessionMessages = {
  revoked: 'Session signed out',
  othersRevoked: 'Signed out of all other sessions',
  notFound: 'Session not found',
} as const;
