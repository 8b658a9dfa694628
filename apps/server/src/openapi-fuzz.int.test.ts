import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminAccessToken, buildTestApp } from './test/build-test-app.ts';
import type { TestApp } from './test/build-test-app.ts';
import { expectLedgerInvariant } from './test/credit-helpers.ts';
import { snapshotTables } from './test/db-snapshot.ts';
import {
  createRandom,
  hostileGet,
  hostileStrings,
  hostileTypedRequest,
  invalidRequest,
  operationsOf,
} from './test/openapi-fuzz-requests.ts';
import type { FuzzRequest, Operation } from './test/openapi-fuzz-requests.ts';
import { verifiedBuyer } from './test/card-helpers.ts';
import { createResponseChecker } from './test/openapi-response-check.ts';
import type { ObservedResponse } from './test/openapi-response-check.ts';
import { creditAccounts } from './modules/credits/tables.ts';
import { users } from './modules/users/tables.ts';
import { loginAs, VALID_PASSWORD } from './test/http-helpers.ts';

/**
 * Requests generated from the app's own OpenAPI document for every route and method (except the job
 * event stream, which never ends), as a signed-in user, an admin and a guest, with a seeded PRNG:
 *   1. FUZZ_REQUESTS requests the schema must refuse (wrong types, missing and extra fields, too long,
 *      bad path and query values, broken JSON, wrong content type; hostile values everywhere else):
 *      every answer is a 4xx, never a 5xx, and no table changes;
 *   2. FUZZ_GETS GETs with values inside the schema's types but hostile (SQL, script, traversal,
 *      prototype keys, unicode, extremes): never a 5xx;
 * Every answer of every phase is also checked against the document: its status is documented for the operation,
 * its Content-Type is the documented one and a JSON body matches the documented schema.
 * Then balance = sum(ledger) for every user. CI runs the defaults; `FUZZ_REQUESTS=100000 FUZZ_SEED=7`
 * runs a longer or different campaign. A failure prints the route and the request to replay it.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const GETS = Number(process.env.FUZZ_GETS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const BATCH = 8;
const WRITES = Number(process.env.FUZZ_WRITES ?? 1_500);

type Identity = { name: 'user' | 'admin' | 'guest'; headers: Record<string, string> };

function describeRequest(operation: Operation, identity: Identity, request: FuzzRequest, status: number, body: string): string {
  return [
    `${operation.method} ${operation.path} as ${identity.name} (${request.defect}) answered ${status}`,
    `  ${request.method} ${request.url}`,
    ...(request.payload !== undefined ? [`  ${request.headers['content-type']} ${request.payload.slice(0, 500)}`] : []),
    `  -> ${body.slice(0, 300)}`,
  ].join('\n');
}

describe('fuzzing every route from the OpenAPI document', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let identities: Identity[];
  let operations: Operation[];
  let userEmail: string;
  let checkResponse: ReturnType<typeof createResponseChecker>;
  /** Answers that differ from the document, one per operation and status (the last test reports them). */
  const contractBreaches = new Map<string, string>();
  const strings = hostileStrings(SEED);
  const checkContract = (operation: Operation, request: FuzzRequest, response: ObservedResponse) => {
    const key = `${operation.method} ${operation.path} ${response.statusCode}`;
    if (contractBreaches.has(key)) return;
    const breach = checkResponse(operation.method, operation.path, response);
    if (breach) {
      const sent = `${request.method} ${request.url.slice(0, 200)}`;
      contractBreaches.set(key, `${operation.method} ${operation.path}: ${breach}\n  ${sent} -> ${response.body.slice(0, 200)}`);
    }
  };

  beforeAll(async () => {
    t = await buildTestApp();
    app = t.app;
    const user = await verifiedBuyer(app, t.database.db, 50);
    userEmail = (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0]!.email;
    identities = [
      { name: 'user', headers: user.headers },
      { name: 'admin', headers: { authorization: `Bearer ${await adminAccessToken(app)}` } },
      { name: 'guest', headers: {} },
    ];
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    operations = operationsOf(document);
    checkResponse = createResponseChecker(document);
  }, 60_000);
  afterAll(async () => t?.close());

  it(`refuses ${REQUESTS} invalid requests over every route with a 4xx and changes nothing`, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const random = createRandom(SEED);
    const before = await snapshotTables(t);
    const failures: string[] = [];
    const perOperation = new Map<string, number>();
    const refusable = operations.filter((operation) => invalidRequest(operation, createRandom(SEED), strings) !== null);
    for (let start = 0; start < REQUESTS && failures.length < 20; start += BATCH) {
      // Drawn in order (the seed fixes every request), sent BATCH at a time so PostgreSQL round trips overlap.
      // An operation with few refusable parts (one path parameter) may draw no defect this time: it is skipped.
      const batch = Array.from({ length: Math.min(BATCH, REQUESTS - start) }, (_, offset) => {
        const operation = refusable[(start + offset) % refusable.length]!;
        return { operation, identity: random.pick(identities), request: invalidRequest(operation, random, strings) };
      }).flatMap((drawn) => (drawn.request ? [{ ...drawn, request: drawn.request }] : []));
      await Promise.all(
        batch.map(async ({ operation, identity, request }) => {
          const response = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...request.headers, ...identity.headers },
            payload: request.payload,
          });
          perOperation.set(`${operation.method} ${operation.path}`, (perOperation.get(`${operation.method} ${operation.path}`) ?? 0) + 1);
          checkContract(operation, request, response);
          if (response.statusCode < 400 || response.statusCode >= 500) {
            failures.push(describeRequest(operation, identity, request, response.statusCode, response.body));
          }
        }),
      );
    }
    expect(failures.join('\n\n')).toBe('');
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(await snapshotTables(t)).toEqual(before);
    // Every operation a schema can refuse was sent; the others (GETs without parameters) are in the next test.
    expect(perOperation.size).toBe(Math.min(REQUESTS, refusable.length));
    expect(refusable.length).toBeGreaterThan(operations.length * 0.7);
  }, 300_000);

  it('a NUL character in any text is a clear 400 (PostgreSQL stores no NUL), not a 500', async () => {
    for (const url of ['/api/v1/community/search?q=a%00b', '/api/v1/payment/crypto/status/a%00b']) {
      const response = await app.inject({ method: 'GET', url, headers: identities[0]!.headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe(
        'The request contains a character that cannot be stored (NUL, \\u0000); remove it and try again',
      );
    }
  });

  it('a range ending in the year 9999 is a clear 400 (its next day has no four-digit year), not a 500', async () => {
    const admin = identities[1]!.headers;
    for (const url of [
      '/api/v1/admin/analytics?to=9999-12-31',
      '/api/v1/admin/analytics/export?from=9999-12-31&to=9999-12-31&report=top-users',
      '/api/v1/admin/audit-log?to=9999-12-31',
      '/api/v1/admin/security-events?from=1970-01-01T00:00:00Z&to=9999-12-31',
      '/api/v1/admin/jobs?to=9999-12-31T23:00:00-05:00',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().message).toMatch(/must be between the years 1000 and 9998/);
    }
  });

  it(`answers ${GETS} hostile GETs on every readable route without a 5xx`, async () => {
    const random = createRandom(SEED + 1);
    const gets = operations.filter((operation) => operation.method === 'GET');
    const failures: string[] = [];
    for (let start = 0; start < GETS && failures.length < 20; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, GETS - start) }, (_, offset) => {
        const operation = gets[(start + offset) % gets.length]!;
        return { operation, identity: random.pick(identities), request: hostileGet(operation, random, strings) };
      });
      await Promise.all(
        batch.map(async ({ operation, identity, request }) => {
          const response = await app.inject({ method: 'GET', url: request.url, headers: identity.headers });
          checkContract(operation, request, response);
          if (response.statusCode >= 500) failures.push(describeRequest(operation, identity, request, response.statusCode, response.body));
        }),
      );
    }
    expect(failures.join('\n\n')).toBe('');
    expect(Object.prototype).not.toHaveProperty('polluted');
  }, 300_000);

  it.skipIf(WRITES === 0)(
    `answers ${WRITES} hostile typed requests of every method without a 5xx`,
    async () => {
      const random = createRandom(SEED + 2);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (let index = 0; index < WRITES && failures.length < 20; index += 1) {
        // Accepted requests may sign the user or the admin out (logout, revoke sessions): sign in again now and then.
        // (The fuzzed requests come from documentation addresses, so their failed sign-ins never throttle 127.0.0.1.)
        if (index % 200 === 199) {
          const user = await loginAs(app, userEmail, VALID_PASSWORD).catch(() => null);
          if (user) identities[0] = { name: 'user', headers: { authorization: `Bearer ${user}` } };
          const admin = await adminAccessToken(app).catch(() => null);
          if (admin) identities[1] = { name: 'admin', headers: { authorization: `Bearer ${admin}` } };
        }
        const operation = operations[index % operations.length]!;
        const identity = random.pick(identities);
        const request = hostileTypedRequest(operation, random, strings);
        const response = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...identity.headers },
          payload: request.payload,
          remoteAddress: `198.51.100.${1 + random.int(250)}`,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        checkContract(operation, request, response);
        if (response.statusCode >= 500) failures.push(describeRequest(operation, identity, request, response.statusCode, response.body));
      }
      if (process.env.FUZZ_VERBOSE)
        process.stdout.write(`hostile typed requests by status: ${JSON.stringify(Object.fromEntries(statuses))}\n`);
      expect(failures.join('\n\n')).toBe('');
      expect(Object.prototype).not.toHaveProperty('polluted');
      // Some got through validation and ran: the phase reaches handlers, not only the schemas.
      expect([...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0)).toBeGreaterThan(WRITES / 20);
    },
    600_000,
  );

  it('a JSON body with half a surrogate pair is a clear 400; a whole pair is text', async () => {
    const admin = identities[1]!.headers;
    const send = (title: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/introduction-dialogs/ai-background',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"title":"${title}","body":"Remove the background of a photo.","enabled":true}`,
      });
    for (const title of ['\\ud800', 'a\\udc00b', '\\ud83d']) {
      const refused = await send(title);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toMatch(/half a surrogate pair/);
      expect(refused.headers.connection, 'the whole body was read, so the connection stays open').toBe('keep-alive');
    }
    const accepted = await send('Cut-outs \\ud83d\\ude00');
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('answered every request above as the OpenAPI document says (status, Content-Type, JSON body schema)', () => {
    expect(checkResponse).toBeDefined();
    expect([...contractBreaches.values()].join('\n\n')).toBe('');
  });

  it('keeps balance = sum(ledger) for every account', async () => {
    for (const { userId } of await t.database.db.select({ userId: creditAccounts.userId }).from(creditAccounts)) {
      await expectLedgerInvariant(t.database.db, userId);
    }
  });
});
