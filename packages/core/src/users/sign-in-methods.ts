import { z } from 'zod';
import { oauthProviders } from '../auth/oauth.ts';

/** GET /user/me/sign-in-methods */
export const signInMethodsSchema = z.object({
  hasPassword: z.boolean(),
  providers: z.array(
    z.object({
      provider: z.enum(oauthProviders),
      /** The provider account's e-mail when linked. */
      email: z.string().nullable(),
      linkedAt: z.string(),
    }),
  ),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
