import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/** The person signed in at the provider (the claims of the id token). */
export type LocalOidcUser = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

export type LocalOidcProviderOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  user: LocalOidcUser;
};

export type LocalOidcProvider = {
  /** Use as GOOGLE_ISSUER, e.g. http://127.0.0.1:43123 */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next /authorize signs in. */
  setUser(user: LocalOidcUser): void;
  /** The next /authorize answers ?error=<error> instead of a code (e.g. 'access_denied'). */
  failNextAuthorization(error: string): void;
  /** The next /token issues an id token with this nonce instead of the right one. */
  tamperNextNonce(nonce: string): void;
  close(): Promise<void>;
};

type PendingCode = { clientId: string; redirectUri: string; nonce: string | null; challenge: string | null; user: LocalOidcUser };

/**
 * A tiny OpenID provider for tests and the e2e suite: discovery, /authorize (signs `user` in at
 * once and redirects back with a code), /token (PKCE S256, client secret by Basic or body, RS256
 * id token) and /jwks. Google's flow, minus the consent screen.
 */
export async function startLocalOidcProvider(options: LocalOidcProviderOptions): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'local-client-id';
  const clientSecret = options.clientSecret ?? 'local-client-secret';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let user = options.user;
  let nextAuthorizationError: string | null = null;
  let nextNonce: string | null = null;
  let issuer = '';

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    void (async () => {
      if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          scopes_supported: ['openid', 'email', 'profile'],
        });
      }
      if (request.method === 'GET' && url.pathname === '/jwks') return json(response, 200, { keys: [jwk] });
      if (request.method === 'GET' && url.pathname === '/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri');
        if (!redirectUri || url.searchParams.get('client_id') !== clientId) return json(response, 400, { error: 'invalid_request' });
        const back = new URL(redirectUri);
        const state = url.searchParams.get('state');
        if (state) back.searchParams.set('state', state);
        if (nextAuthorizationError) {
          back.searchParams.set('error', nextAuthorizationError);
          nextAuthorizationError = null;
        } else {
          const code = randomBytes(16).toString('base64url');
          codes.set(code, {
            clientId,
            redirectUri,
            nonce: url.searchParams.get('nonce'),
            challenge: url.searchParams.get('code_challenge'),
            user,
          });
          back.searchParams.set('code', code);
        }
        response.writeHead(302, { location: back.toString() });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/token') {
        const body = await readBody(request);
        const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString('utf8').split(':')
          : [body.get('client_id'), body.get('client_secret')];
        if (id !== clientId || secret !== clientSecret) return json(response, 401, { error: 'invalid_client' });
        const pending = codes.get(body.get('code') ?? '');
        codes.delete(body.get('code') ?? '');
        if (!pending || body.get('grant_type') !== 'authorization_code' || body.get('redirect_uri') !== pending.redirectUri) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        const verifier = body.get('code_verifier') ?? '';
        if (pending.challenge && createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
          return json(response, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        const nonce = nextNonce ?? pending.nonce;
        nextNonce = null;
        const idToken = await new SignJWT({ ...pending.user, ...(nonce ? { nonce } : {}) })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(pending.user.sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return json(response, 200, {
          access_token: randomBytes(16).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          scope: 'openid email profile',
          id_token: idToken,
        });
      }
      return json(response, 404, { error: 'not_found' });
    })().catch((error: unknown) => json(response, 500, { error: 'server_error', error_description: String(error) }));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  issuer = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    setUser(next) {
      user = next;
    },
    failNextAuthorization(error) {
      nextAuthorizationError = error;
    },
    tamperNextNonce(nonce) {
      nextNonce = nonce;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
