/**
 * `npm run bench:prism`: the API's traffic through Stoplight Prism as a validating proxy (issue 39 point 2).
 *
 * The server runs as in production (NODE_ENV=production, worker in the process, through tsx, on a fresh embedded
 * database, the payment sandbox on); its OpenAPI document (GET /api/v1/openapi.json) is handed to two Prism proxies:
 * a strict one (`--errors`: a request the document does not allow is refused with 422, a response it does not
 * allow becomes a 500) for the traffic an API client sends, and a lenient one (no `--errors`: everything goes
 * through, violations come back in `sl-violations`) for requests that break the contract on purpose, to check the
 * server's 400/401 answers to them. A violation is any response-side violation, any request-side violation of a
 * request meant to be valid, and any status other than the one expected.
 *
 * Traffic: sign-up, e-mail verification, sign-in and token refresh, the catalogue, a card purchase in the sandbox,
 * the balance by session and by API key, API keys (create, list, usage, revoke), uploads (png, jpeg, transcript), a job
 * of each service and each AI-background mode with their status, list, events, download links and the files
 * (/files/{token}: png, webp, mp4, mp3, wav, json, pdf …), and failures: 400, 401, 402, 404, 409, 422.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createResponseChecker } from '../apps/server/src/test/openapi-response-check.ts';
import { startPrismProxy } from './support/prism-proxy.ts';
import type { PrismProxy } from './support/prism-proxy.ts';
import { BENCH_ADMIN, serverProcessArgs } from './support/server-process.ts';

type Violation = { location?: string[]; severity?: string; code?: string | number; message?: string };
type Sent = {
  /** 'direct': sent to the server itself and checked against the document here (multipart uploads, see below). */
  proxy: 'strict' | 'lenient' | 'direct';
  method: string;
  route: string;
  status: number;
  expected: number[];
  contentType: string;
  violations: Violation[];
  /** A request meant to break the contract: its request-side violations are expected. */
  invalidOnPurpose: boolean;
};

const sent: Sent[] = [];
let strict: PrismProxy;
let lenient: PrismProxy;
let serverAddress = '';
let checkResponse: ReturnType<typeof createResponseChecker>;

type CallOptions = {
  route?: string;
  token?: string;
  apiKey?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  expect?: number | number[];
  /** Through the lenient proxy: the request breaks the contract on purpose. */
  invalid?: boolean;
  /**
   * Straight to the server, the answer checked against the document here (status, media type, JSON schema):
   * Prism's proxy reads a request body as text and forwards that, so the bytes of a file in a multipart upload
   * arrive changed (stoplightio/prism issues 1321 and 2349) and the server rightly refuses them.
   */
  direct?: boolean;
};

const isPrismError = (body: unknown): body is { type: string; validation?: Violation[]; detail?: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { type?: unknown }).type === 'string' &&
  (body as { type: string }).type.startsWith('https://stoplight.io/prism/errors#');

async function call(method: string, path: string, options: CallOptions = {}) {
  const base = options.direct ? serverAddress : options.invalid ? lenient.url : strict.url;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  let body: RequestInit['body'];
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  const contentType = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  const parsed: unknown = /json/.test(contentType) && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : raw;
  const violations: Violation[] = [];
  const header = response.headers.get('sl-violations');
  if (header) violations.push(...(JSON.parse(header) as Violation[]));
  if (isPrismError(parsed)) violations.push(...(parsed.validation ?? [{ message: `${parsed.type}: ${parsed.detail ?? ''}` }]));
  const route = options.route ?? path.split('?')[0]!;
  if (options.direct) {
    const headers = Object.fromEntries(response.headers.entries());
    const problem = checkResponse(method, route, { statusCode: response.status, headers, body: raw.toString('utf8') });
    if (problem) violations.push({ location: ['response'], message: problem });
  }
  const expected = [options.expect ?? 200].flat();
  sent.push({
    proxy: options.direct ? 'direct' : options.invalid ? 'lenient' : 'strict',
    method,
    route,
    status: response.status,
    expected,
    contentType,
    violations,
    invalidOnPurpose: options.invalid === true,
  });
  if (!expected.includes(response.status)) {
    const shown = Buffer.isBuffer(parsed) ? `${contentType}, ${parsed.length} bytes` : JSON.stringify(parsed).slice(0, 600);
    console.error(`unexpected ${response.status} from ${method} ${path}: ${shown}`);
  }
  return { status: response.status, body: parsed, raw, contentType, headers: response.headers };
}

/** The path of a link the API gave: absolute (on PUBLIC_URL) or already a path. */
const pathOf = (url: string) => (url.startsWith('/') ? url : new URL(url).pathname + new URL(url).search);

const dataOf = <T>(result: { body: unknown }) => (result.body as { data: T }).data;

// A standing figure in a blue top on a flat light-grey background, a red T-shirt on white, and an object on a
// plain background: what the built-in engines recognise (the same drawings as the tools' e2e test).
const personSvg = `<rect width="200" height="400" fill="#dcdcdc"/><circle cx="100" cy="40" r="21" fill="#c89878"/><rect x="92" y="58" width="16" height="14" fill="#c89878"/>
<path d="M63 73 Q100 65 137 73 L141 200 L59 200 Z" fill="#3a66b0"/><rect x="47" y="77" width="15" height="113" rx="7" fill="#c89878"/><rect x="138" y="77" width="15" height="113" rx="7" fill="#c89878"/>
<rect x="61" y="200" width="35" height="180" fill="#4a4a52"/><rect x="104" y="200" width="35" height="180" fill="#4a4a52"/>`;
const shirtSvg = `<rect width="240" height="240" fill="#ffffff"/><path d="M78 36 L102 30 Q120 48 138 30 L162 36 L210 72 L192 102 L168 87 L168 210 L72 210 L72 87 L48 102 L30 72 Z" fill="#d42a2a"/>`;
const photoSvg = `<rect width="320" height="240" fill="#e8eef5"/><circle cx="160" cy="120" r="70" fill="#d0532b"/><rect x="140" y="40" width="40" height="30" fill="#2f7d32"/>`;

async function picture(svg: string, width: number, height: number, format: 'png' | 'jpeg') {
  const image = sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`));
  return format === 'png' ? image.png().toBuffer() : image.flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
}

function fileForm(name: string, type: string, bytes: Buffer, purpose?: string): FormData {
  const form = new FormData();
  if (purpose) form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

type Job = { id: string; status: string; error: string | null; outputs: Array<{ id: string; contentType: string; size: number }> };
const downloads: Array<{ intact: boolean; type: string }> = [];

async function waitForJob(id: string, apiKey: string): Promise<Job> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const job = dataOf<Job>(await call('GET', `/api/v1/jobs/${id}`, { route: '/api/v1/jobs/{id}', apiKey }));
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The download link of each output, and the file behind it through the proxy. */
async function download(job: Job, apiKey: string) {
  const links = [
    dataOf<{ url: string }>(await call('GET', `/api/v1/jobs/${job.id}/download`, { route: '/api/v1/jobs/{id}/download', apiKey })),
  ];
  for (const output of job.outputs.slice(1)) {
    links.push(
      dataOf<{ url: string }>(
        await call('GET', `/api/v1/jobs/${job.id}/outputs/${output.id}/download`, {
          route: '/api/v1/jobs/{id}/outputs/{outputId}/download',
          apiKey,
        }),
      ),
    );
  }
  for (const [index, link] of links.entries()) {
    const file = await call('GET', pathOf(link.url), { route: '/api/v1/files/{token}' });
    // The download is the original file: its size is the output's (the first link is the job's main output).
    downloads.push({ intact: file.raw.length === job.outputs[index]!.size, type: file.contentType.split(';')[0]! });
  }
}

async function traffic() {
  const unique = Date.now().toString(36);
  const person = (name: string) => ({
    firstName: name,
    lastName: 'Prism',
    email: `${name.toLowerCase()}-${unique}@example.com`,
    password: 'prism-bench-2026',
  });

  // The catalogue, open to anyone.
  await call('GET', '/api/v1/services');
  const packages = dataOf<Array<{ id: string }>>(await call('GET', '/api/v1/credits/packages'));
  await call('GET', '/api/v1/credits/costs');

  // Sign-up, the admin reads the code from the mail outbox (no SMTP), the e-mail is verified; sign-in and refresh.
  const alice = person('Alice');
  const registered = dataOf<{ accessToken: string; user: { id: string } }>(
    await call('POST', '/api/v1/auth/register', { json: alice, expect: 201 }),
  );
  const admin = dataOf<{ accessToken: string }>(await call('POST', '/api/v1/auth/login', { json: BENCH_ADMIN }));
  const outbox = dataOf<{ items: Array<{ id: string; template: string }> }>(
    await call('GET', `/api/v1/admin/mail-outbox?to=${encodeURIComponent(alice.email)}&limit=20`, { token: admin.accessToken }),
  );
  const mail = outbox.items.find((item) => item.template === 'email_verification');
  if (!mail) throw new Error('no verification mail in the outbox');
  const text = dataOf<{ text: string }>(
    await call('GET', `/api/v1/admin/mail-outbox/${mail.id}`, { route: '/api/v1/admin/mail-outbox/{id}', token: admin.accessToken }),
  ).text;
  await call('POST', '/api/v1/auth/verify-email-otp', { token: registered.accessToken, json: { code: /\b(\d{6})\b/.exec(text)![1] } });
  const login = await call('POST', '/api/v1/auth/login', { json: { email: alice.email, password: alice.password } });
  const token = dataOf<{ accessToken: string }>(login).accessToken;
  const cookie = (login.headers.getSetCookie?.() ?? []).map((value) => value.split(';')[0]).join('; ');
  await call('POST', '/api/v1/auth/refresh', { headers: { cookie }, json: {} });
  await call('GET', '/api/v1/user/me', { token });

  // A package bought with the sandbox's test card.
  const intent = dataOf<{ clientSecret: string }>(
    await call('POST', '/api/v1/credits/purchase/stripe/create-payment-intent', { token, json: { packageId: packages[0]!.id } }),
  );
  await call('POST', '/api/v1/payment/test-mode/card/confirm', {
    token,
    json: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  await call('GET', '/api/v1/credits/balance', { token });
  await call('GET', '/api/v1/credits/history', { token });

  // An API key, and the client's calls with it.
  const key = dataOf<{ id: string; apiKey: string }>(
    await call('POST', '/api/v1/api-keys/generate', { token, json: { name: 'Prism bench' }, expect: 201 }),
  );
  await call('GET', '/api/v1/api-keys', { token });
  const apiKey = key.apiKey;
  await call('GET', '/api/v1/credits/balance', { apiKey });
  await call('GET', '/api/v1/services', { apiKey });

  const png = await picture(photoSvg, 320, 240, 'png');
  const jpeg = await picture(personSvg, 200, 400, 'jpeg');
  const upload = async (form: FormData) =>
    dataOf<{ id: string; previewUrl: string }>(await call('POST', '/api/v1/uploads', { apiKey, form, expect: 201, direct: true }));
  const photo = await upload(fileForm('photo.png', 'image/png', png));
  const portrait = await upload(fileForm('portrait.jpg', 'image/jpeg', jpeg));
  const garment = await upload(fileForm('garment.png', 'image/png', await picture(shirtSvg, 240, 240, 'png')));
  const transcript = await upload(
    fileForm(
      'call.txt',
      'text/plain',
      Buffer.from(
        'Anna: What does your team use for quotes today?\nBen: Spreadsheets, mostly. It takes hours.\nAnna: Would a template help?\nBen: Yes, if it fits our prices.\n',
      ),
      'transcript',
    ),
  );
  // The upload's preview link, as the app shows it.
  await call('GET', pathOf(photo.previewUrl), { route: '/api/v1/files/{token}' });

  const bodies = [
    { service: 'image-generator', params: { prompt: 'a boat on the sea at dawn' } },
    { service: 'ai-background', params: { mode: 'transparent' }, files: { image: photo.id } },
    { service: 'ai-background', params: { mode: 'color', color: '#1a2b3c' }, files: { image: portrait.id } },
    {
      service: 'virtual-try-on',
      params: { category: 'top', consentToLikeness: true },
      files: { person: portrait.id, garment: garment.id },
    },
    { service: 'speedpainting', params: { durationSeconds: 5 }, files: { image: photo.id } },
    { service: 'sales-pilot', params: {}, files: { transcript: transcript.id } },
    {
      service: 'sales-pilot',
      params: { text: 'Anna: What does your team use for quotes today? Ben: Spreadsheets, mostly, and it takes us hours every week.' },
    },
    { service: 'sound-generator', params: { prompt: 'rain on a tin roof' } },
  ];
  const jobs: Job[] = [];
  for (const body of bodies) {
    const created = dataOf<Job>(
      await call('POST', '/api/v1/jobs', {
        apiKey,
        json: body,
        expect: 201,
        headers: { 'idempotency-key': `prism-${unique}-${jobs.length}` },
      }),
    );
    jobs.push(created);
  }
  await call('GET', '/api/v1/jobs?limit=20', { apiKey });
  for (const [index, created] of jobs.entries()) {
    const job = await waitForJob(created.id, apiKey);
    if (job.status !== 'succeeded') throw new Error(`${bodies[index]!.service} job ${job.id} ${job.status}: ${job.error}`);
    await download(job, apiKey);
  }
  // The events of a finished job: the stream ends after its final state.
  await call('GET', `/api/v1/jobs/${jobs[0]!.id}/events`, { route: '/api/v1/jobs/{id}/events', apiKey });
  await call('GET', `/api/v1/api-keys/${key.id}/usage`, { route: '/api/v1/api-keys/{id}/usage', token });

  // Failures a client meets with well-formed requests (strict proxy).
  const missing = '00000000-0000-4000-8000-000000000000';
  await call('GET', '/api/v1/credits/balance', { token: 'not-a-token', expect: 401 });
  await call('GET', `/api/v1/jobs/${missing}`, { route: '/api/v1/jobs/{id}', apiKey, expect: 404 });
  await call('POST', `/api/v1/jobs/${missing}/cancel`, { route: '/api/v1/jobs/{id}/cancel', apiKey, expect: 404 });
  await call('GET', '/api/v1/files/not-a-real-token.sig', { route: '/api/v1/files/{token}', expect: [400, 403, 404] });
  await call('POST', `/api/v1/jobs/${jobs[0]!.id}/cancel`, { route: '/api/v1/jobs/{id}/cancel', apiKey, expect: 409 });
  // The same Idempotency-Key with another request.
  await call('POST', '/api/v1/jobs', { apiKey, json: bodies[7], headers: { 'idempotency-key': `prism-${unique}-0` }, expect: 422 });
  // Too few credits: a second person whose balance the admin takes to zero.
  const bob = person('Bob');
  const bobAuth = dataOf<{ accessToken: string; user: { id: string; credits?: number } }>(
    await call('POST', '/api/v1/auth/register', { json: bob, expect: 201 }),
  );
  const bobBalance = dataOf<{ balance: number }>(await call('GET', '/api/v1/credits/balance', { token: bobAuth.accessToken })).balance;
  if (bobBalance > 0) {
    await call('POST', `/api/v1/admin/users/${bobAuth.user.id}/credits`, {
      route: '/api/v1/admin/users/{id}/credits',
      token: admin.accessToken,
      json: { amount: -bobBalance, reason: 'Prism bench: an empty balance' },
      expect: [200, 201],
    });
  }
  await call('POST', '/api/v1/jobs', { token: bobAuth.accessToken, json: bodies[0], expect: 402 });
  // An upload that is not a picture.
  await call('POST', '/api/v1/uploads', {
    apiKey,
    form: fileForm('notes.png', 'image/png', Buffer.from('not a picture at all')),
    expect: [400, 415],
    direct: true,
  });

  // Requests that break the contract on purpose (lenient proxy): the server's answer must still match it.
  await call('POST', '/api/v1/jobs', { apiKey, json: { service: 'image-generator' }, expect: 400, invalid: true });
  await call('POST', '/api/v1/jobs', { apiKey, json: { service: 'no-such-service', params: {} }, expect: 400, invalid: true });
  await call('POST', '/api/v1/auth/register', { json: { ...person('Carol'), email: 'not-an-address' }, expect: 400, invalid: true });
  await call('GET', '/api/v1/credits/balance', { expect: 401, invalid: true });
  await call('GET', '/api/v1/jobs?limit=abc', { apiKey, expect: 400, invalid: true });
  await call('GET', '/api/v1/jobs/not-a-uuid', { route: '/api/v1/jobs/{id}', apiKey, expect: 400, invalid: true });

  // The key revoked: it no longer opens anything.
  await call('PUT', `/api/v1/api-keys/${key.id}/revoke`, { route: '/api/v1/api-keys/{id}/revoke', token });
  await call('GET', '/api/v1/credits/balance', { apiKey, expect: 401 });
}

function problemsOf(entry: Sent): string[] {
  const problems: string[] = [];
  for (const violation of entry.violations) {
    const side = violation.location?.[0];
    if (entry.invalidOnPurpose && side === 'request') continue;
    problems.push(`${violation.location?.join('.') ?? '?'}: ${violation.message ?? violation.code ?? ''}`);
  }
  if (!entry.expected.includes(entry.status)) problems.push(`status ${entry.status}, expected ${entry.expected.join(' or ')}`);
  return problems;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The server as in production (NODE_ENV=production, the worker in the process) through tsx (no build), on the
 * embedded database in a fresh folder, mail to the outbox, the payment sandbox on; ready once GET /api/v1/ready
 * answers (a first start makes the database: up to minutes on a busy machine).
 */
async function startServer(dataDir: string) {
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverProcessArgs('server', 'tsx'), {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      WORKER_ENABLED: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: address,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      RATE_LIMIT_PER_MINUTE: '0',
      SIGNUPS_PER_IP_PER_HOUR: '0',
      PAYMENTS_SANDBOX: 'true',
      FEATURED_POSTS: 'false',
      TRY_ON_CATALOGUE_SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${address}/api/v1/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { address, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within 10 minutes: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'lumen-prism-'));
  const server = await startServer(join(work, 'data'));
  try {
    const document = await (await fetch(`${server.address}/api/v1/openapi.json`)).text();
    serverAddress = server.address;
    checkResponse = createResponseChecker(JSON.parse(document) as Parameters<typeof createResponseChecker>[0]);
    const documentPath = join(work, 'openapi.json');
    await writeFile(documentPath, document);
    [strict, lenient] = await Promise.all([
      startPrismProxy(documentPath, server.address, { errors: true }),
      startPrismProxy(documentPath, server.address, { errors: false }),
    ]);
    const started = Date.now();
    // A step that cannot go on (its answer lacks what the next step needs) ends the traffic; what was sent is reported.
    const stopped = await traffic().then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const seconds = (Date.now() - started) / 1000;

    const failing = sent.flatMap((entry) =>
      problemsOf(entry).map((problem) => `${entry.proxy} ${entry.method} ${entry.route} → ${entry.status}: ${problem}`),
    );
    const routes = new Set(sent.map((entry) => `${entry.method} ${entry.route}`));
    const statuses = [...new Set(sent.map((entry) => entry.status))].sort((a, b) => a - b);
    const mediaTypes = [
      ...new Set(
        sent
          .filter((entry) => entry.route === '/api/v1/files/{token}' && entry.status === 200)
          .map((entry) => entry.contentType.split(';')[0]),
      ),
    ].sort();
    const expectedRequestViolations = sent.filter(
      (entry) => entry.invalidOnPurpose && entry.violations.some((v) => v.location?.[0] === 'request'),
    ).length;
    console.log(
      `Prism ${PRISM_VERSION_NOTE}: ${sent.length} requests (${sent.filter((e) => e.proxy === 'strict').length} strict, ${sent.filter((e) => e.proxy === 'lenient').length} lenient, ${sent.filter((e) => e.proxy === 'direct').length} direct) in ${seconds.toFixed(1)} s`,
    );
    console.log(`${routes.size} operations: ${[...routes].sort().join(', ')}`);
    console.log(`statuses seen: ${statuses.join(', ')}`);
    console.log(`file media types downloaded: ${mediaTypes.join(', ')}`);
    console.log(
      `requests broken on purpose that Prism flagged: ${expectedRequestViolations} of ${sent.filter((e) => e.invalidOnPurpose).length}`,
    );
    console.log(
      `files downloaded through Prism whose bytes match the output's size: ${downloads.filter((d) => d.intact).length} of ${downloads.length}` +
        ` (changed: ${[...new Set(downloads.filter((d) => !d.intact).map((d) => d.type))].join(', ') || 'none'})`,
    );
    if (stopped) console.log(`the traffic stopped early: ${stopped}`);
    console.log(`violations: ${failing.length}`);
    for (const line of failing) console.log(`  ${line}`);
    process.exitCode = failing.length === 0 && !stopped ? 0 : 1;
  } finally {
    await Promise.all([strict?.stop(), lenient?.stop()]);
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

const PRISM_VERSION_NOTE = '(@stoplight/prism-cli 5, through npx)';

await main();
