import { and, eq, gt, isNull } from 'drizzle-orm';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ConsentDecisionBody, ConsentView } from '@lumen/core/mcp-oauth/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { CODE_TTL_MS, CONSENT_TTL_MS } from './oauth-lifetimes.ts';
import { CODE_CHALLENGE_PATTERN, hashSecret, newAuthorizationCode } from './oauth-secrets.ts';
import type { OAuthUrls } from './oauth-urls.ts';
import { sameResource } from './oauth-urls.ts';
import { oauthAuthorizations, oauthClients, oauthGrants } from './tables.ts';
import type { OauthAuthorizationRow, OauthClientRow } from './tables.ts';

export const consentMessages = {
  unknownClient: 'Unknown client_id: the app must register again (its registration may have been deleted)',
  redirectMismatch: 'redirect_uri is not one of the addresses this app registered',
  responseType: 'response_type must be code',
  challengeMissing: 'code_challenge is required (PKCE with S256)',
  challengeMethod: 'code_challenge_method must be S256 (plain is not accepted)',
  challengeMalformed: 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)',
  stateMissing: 'state is required',
  resourceMismatch: (resource: string) => `resource must be ${resource}, the MCP server this sign-in is for`,
  requestGone: 'This sign-in request has expired or was already answered. Start the connection again from your assistant.',
} as const;

/** A refusal of /oauth/authorize: `redirect` false when the client or its redirect_uri is unknown (RFC 6749 §4.1.2.1). */
export class AuthorizeError extends Error {
  constructor(
    readonly code: 'invalid_request' | 'unsupported_response_type' | 'invalid_target' | 'unauthorized_client',
    message: string,
    readonly redirect: { uri: string; state: string | null } | null,
  ) {
    super(message);
  }
}

/** Where the browser goes with an OAuth answer: the client's redirect_uri with `params` (and `iss`, RFC 9207). */
export function redirectWith(redirectUri: string, params: Record<string, string | null>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/** The services named in a `scope` (service keys, space-separated); unknown scopes are left out (RFC 6749 §3.3). */
export function servicesInScope(scope: string | undefined): ServiceKey[] {
  const asked = new Set((scope ?? '').split(' ').filter(Boolean));
  return serviceKeys.filter((key) => asked.has(key));
}

export type AuthorizeQuery = Partial<
  Record<
    'response_type' | 'client_id' | 'redirect_uri' | 'state' | 'code_challenge' | 'code_challenge_method' | 'scope' | 'resource',
    string
  >
>;

/** The MCP tools a grant opens: one per service, and those every caller has (modules/mcp names them). */
export type McpToolNames = { ofService: (service: ServiceKey) => string; common: string[] };

export function createAuthorizationService(deps: { db: Db; urls: OAuthUrls; clock: () => Date }) {
  const { db, urls } = deps;

  async function clientByClientId(clientId: string | undefined): Promise<OauthClientRow | null> {
    if (!clientId || clientId.length > 200) return null;
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
    return row ?? null;
  }

  async function liveRequest(id: string): Promise<{ request: OauthAuthorizationRow; client: OauthClientRow }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 404, consentMessages.requestGone);
    const [row] = await db
      .select({ request: oauthAuthorizations, client: oauthClients })
      .from(oauthAuthorizations)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthAuthorizations.clientId))
      .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.decidedAt), gt(oauthAuthorizations.expiresAt, deps.clock())));
    if (!row) throw new AppError('NOT_FOUND', 404, consentMessages.requestGone);
    return row;
  }

  return {
    /**
     * GET /oauth/authorize: checks the request (a registered client and redirect_uri, response_type code, PKCE S256,
     * state, the /mcp resource) and stores it; the answer is the consent id the browser is sent to the consent page with.
     */
    async startAuthorization(query: AuthorizeQuery): Promise<{ consentId: string }> {
      const client = await clientByClientId(query.client_id);
      if (!client) throw new AuthorizeError('invalid_request', consentMessages.unknownClient, null);
      const redirectUri = query.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
      if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
        throw new AuthorizeError('invalid_request', consentMessages.redirectMismatch, null);
      }
      const back = { uri: redirectUri, state: query.state ?? null };
      if (query.response_type !== 'code') throw new AuthorizeError('unsupported_response_type', consentMessages.responseType, back);
      if (!query.code_challenge) throw new AuthorizeError('invalid_request', consentMessages.challengeMissing, back);
      if (query.code_challenge_method !== 'S256') throw new AuthorizeError('invalid_request', consentMessages.challengeMethod, back);
      if (!CODE_CHALLENGE_PATTERN.test(query.code_challenge))
        throw new AuthorizeError('invalid_request', consentMessages.challengeMalformed, back);
      if (!query.state || query.state.length > 500) throw new AuthorizeError('invalid_request', consentMessages.stateMissing, back);
      if (query.resource !== undefined && !sameResource(query.resource, urls.resource)) {
        throw new AuthorizeError('invalid_target', consentMessages.resourceMismatch(urls.resource), back);
      }
      const now = deps.clock();
      const [row] = await db
        .insert(oauthAuthorizations)
        .values({
          clientId: client.id,
          redirectUri,
          state: query.state,
          codeChallenge: query.code_challenge,
          resource: urls.resource,
          requestedServices: servicesInScope(query.scope),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CONSENT_TTL_MS),
        })
        .returning({ id: oauthAuthorizations.id });
      return { consentId: row!.id };
    },

    /** What the consent page shows: the client as it registered (unverified), the services it asked for, the tools. */
    async consentView(id: string, tools: McpToolNames): Promise<ConsentView> {
      const { request, client } = await liveRequest(id);
      return {
        id: request.id,
        client: { name: client.clientName, uri: client.clientUri, redirectHost: new URL(request.redirectUri).host, verified: false },
        requestedServices: request.requestedServices.length > 0 ? request.requestedServices : [...serviceKeys],
        services: serviceKeys.map((key) => ({ key, name: serviceNames[key], tool: tools.ofService(key) })),
        commonTools: tools.common,
        expiresAt: request.expiresAt.toISOString(),
      };
    },

    /**
     * The signed-in user's answer to a consent id, once: approving creates the grant (services, monthly cap) and a
     * single-use code, denying answers access_denied. Either way the answer is where to send the browser.
     */
    async decide(actor: AuditActor, id: string, decision: ConsentDecisionBody): Promise<{ redirectTo: string }> {
      await liveRequest(id);
      const now = deps.clock();
      return db.transaction(async (tx) => {
        // The one-time claim: a second answer (another tab, a replayed POST) finds the request decided.
        const [claimed] = await tx
          .update(oauthAuthorizations)
          .set({ decidedAt: now, userId: actor.userId })
          .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.decidedAt), gt(oauthAuthorizations.expiresAt, now)))
          .returning();
        if (!claimed) throw new AppError('NOT_FOUND', 404, consentMessages.requestGone);
        if (!decision.approve) {
          return {
            redirectTo: redirectWith(
              claimed.redirectUri,
              { error: 'access_denied', error_description: 'The user denied access', state: claimed.state },
              urls.issuer,
            ),
          };
        }
        const services = serviceKeys.filter((key) => decision.services.includes(key));
        const [grant] = await tx
          .insert(oauthGrants)
          .values({
            userId: actor.userId,
            clientId: claimed.clientId,
            allowedServices: services,
            monthlyCreditCap: decision.monthlyCreditCap,
            resource: claimed.resource,
            createdAt: now,
          })
          .returning();
        const code = newAuthorizationCode();
        await tx
          .update(oauthAuthorizations)
          .set({ grantId: grant!.id, codeHash: hashSecret(code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS) })
          .where(eq(oauthAuthorizations.id, claimed.id));
        const [client] = await tx.select({ name: oauthClients.clientName }).from(oauthClients).where(eq(oauthClients.id, claimed.clientId));
        await insertAuditEntry(tx, actor, {
          action: 'oauth_grant.create',
          targetType: 'oauth_grant',
          targetId: grant!.id,
          before: null,
          after: { client: client?.name ?? null, allowedServices: services, monthlyCreditCap: decision.monthlyCreditCap },
        });
        return { redirectTo: redirectWith(claimed.redirectUri, { code, state: claimed.state }, urls.issuer) };
      });
    },
  };
}

export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
