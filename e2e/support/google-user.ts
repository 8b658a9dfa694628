import type { LocalOidcUser } from '../../apps/server/src/test/local-oidc-provider.ts';

/** The person the local OpenID provider (standing in for Google) signs in. */
export const googleUser: LocalOidcUser = {
  sub: 'e2e-google-subject-1',
  email: 'gina.google@e2e.test',
  email_verified: true,
  given_name: 'Gina',
  family_name: 'Google',
};
