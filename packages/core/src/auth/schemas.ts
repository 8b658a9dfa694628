import { z } from 'zod';
import { passwordSchema } from './password-policy.ts';
import { userSchema } from '../users/schemas.ts';

// Lower-cased with a check (toLowerCase), not a transform: the schema stays non-transforming, so the bodies that
// use it keep their examples in the OpenAPI document (zod drops examples of transforming schemas in input mode).
export const emailSchema = z.string().trim().max(254, 'Email is too long').email('Please enter a valid email address').toLowerCase();

const nameSchema = (label: string) => z.string().trim().min(1, `${label} is required`).max(60, `${label} must be at most 60 characters`);

export const registerBodySchema = z
  .strictObject({
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    email: emailSchema,
    password: passwordSchema,
  })
  .meta({
    examples: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' }],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z
  .strictObject({
    email: emailSchema,
    password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
  })
  .meta({ examples: [{ email: 'ada@example.com', password: 'analytical-engine-1843' }] });
export type LoginBody = z.input<typeof loginBodySchema>;

/** The refresh token travels in the refreshToken cookie also sends it in the body. */
export const refreshTokenBodySchema = z.strictObject({
  refreshToken: z.string().min(1).max(512).optional(),
});

/**
 * The refresh token leaves only in the HttpOnly `refreshToken` cookie, out of reach of the page's scripts. A client
 * without cookies (a script, a server, a mobile app) asks for it in the JSON body too by sending this header with
 * the value `body` on sign-up, sign-in, refresh and password change; it then sends it back in the refresh body.
 */
export const REFRESH_TOKEN_DELIVERY_HEADER = 'x-refresh-token-delivery';

export const refreshTokenDeliveryHeadersSchema = z
  .object({
    [REFRESH_TOKEN_DELIVERY_HEADER]: z
      .enum(['body'], { error: "must be 'body' (the refresh token in the JSON body as well), or left out (the cookie only)" })
      .optional()
      .meta({
        description:
          '`body`: also answer the refresh token in the JSON body (clients without cookies). Left out, it travels only in the HttpOnly refreshToken cookie.',
      }),
  })
  .loose();

const refreshTokenField = z
  .string()
  .optional()
  .meta({ description: 'Only when the request sent `X-Refresh-Token-Delivery: body`; otherwise only in the HttpOnly refreshToken cookie' });

export const authTokensSchema = z.object({ accessToken: z.string(), refreshToken: refreshTokenField });
export type AuthTokens = z.infer<typeof authTokensSchema>;

export const authResultSchema = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: refreshTokenField,
});
export type AuthResult = z.infer<typeof authResultSchema>;
