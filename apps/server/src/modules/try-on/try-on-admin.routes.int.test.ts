import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminIntroductionDialogSchema, tryOnCatalogueItemSchema, tryOnStatisticsSchema } from '@lumen/core/jobs/schemas';
import { serviceKeys } from '@lumen/core/services/catalogue';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setBalance } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { tryOnModels } from './tables.ts';
import { auditRows, seedJob } from '../../test/admin-seed.ts';

let t: TestApp;
let admin: string;
let userId: string;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminAccessToken(t.app);
  userId = (await registerUser(t.app)).user.id;
  await setBalance(t.database.db, userId, 100);
  png = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

/** multipart/form-data with text fields and an optional file part named `image`. */
function form(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----lumen${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) } };
}

const post = (kind: string, body: ReturnType<typeof form>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/try-on/${kind}`, headers: body.headers, payload: body.payload });
const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('try-on catalogue', () => {
  it('adds a model from a multipart picture, lists it, stores it as PNG, and audits it', async () => {
    const response = await post(
      'models',
      form({ name: 'Ava', category: 'dress' }, { name: 'ava.jpg', type: 'image/jpeg', data: await sharp(png).jpeg().toBuffer() }),
    );
    expect(response.statusCode).toBe(201);
    const item = tryOnCatalogueItemSchema.parse(response.json().data);
    expect(item).toMatchObject({ name: 'Ava', category: 'dress', isActive: true });
    const list = z.array(tryOnCatalogueItemSchema).parse((await call('GET', '/admin/try-on/models')).json().data);
    expect(list.map((entry) => entry.id)).toContain(item.id);
    expect(item.imageUrl).toMatch(/^\/api\/v1\/files\//);
    const [row] = await t.database.db.select().from(tryOnModels).where(eq(tryOnModels.id, item.id));
    const stored = await sharp(await t.app.storage.get(row!.storageKey)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 120, 160]);
    const audit = await auditRows(t.database.db, 'try_on_model.create', item.id);
    expect(audit).toEqual([
      expect.objectContaining({ targetType: 'try_on_model', before: null, after: expect.objectContaining({ name: 'Ava' }) }),
    ]);
  });

  it('updates a garment (deactivate, rename) with an audit row holding before and after', async () => {
    const created = tryOnCatalogueItemSchema.parse(
      (await post('garments', form({ name: 'Blue shirt', category: 'top' }, { name: 's.png', type: 'image/png', data: png }))).json().data,
    );
    const response = await call('PUT', `/admin/try-on/garments/${created.id}`, { name: 'Navy shirt', isActive: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Navy shirt', category: 'top', isActive: false });
    const audit = await auditRows(t.database.db, 'try_on_garment.update', created.id);
    expect(audit).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ name: 'Blue shirt', isActive: true }),
        after: expect.objectContaining({ name: 'Navy shirt', isActive: false }),
      }),
    ]);
    expect((await call('PUT', `/admin/try-on/garments/${created.id}`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/admin/try-on/garments/${created.id}`, { category: 'hat' })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/try-on/garments/00000000-0000-4000-8000-000000000000', { isActive: true })).statusCode).toBe(404);
  });

  it('refuses bad pictures and bad fields like POST /uploads, storing nothing', async () => {
    const before = (await t.database.db.select().from(tryOnModels)).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
    const cases: Array<[ReturnType<typeof form>, number, RegExp]> = [
      [
        form({ name: 'X', category: 'top' }, { name: 'x.png', type: 'image/png', data: Buffer.from('just some text, not a picture') }),
        415,
        /PNG, JPEG or WebP/,
      ],
      [form({ name: 'X', category: 'top' }, { name: 'x.svg', type: 'image/svg+xml', data: svg }), 415, /SVG/],
      [
        form({ name: 'X', category: 'top' }, { name: 'x.png', type: 'image/png', data: png.subarray(0, Math.floor(png.length / 2)) }),
        422,
        /could not be read/,
      ],
      [form({ name: 'X', category: 'top' }, { name: 'x.png', type: 'image/png', data: Buffer.alloc(0) }), 422, /empty/],
      [
        form(
          { name: 'X', category: 'top' },
          {
            name: 'x.png',
            type: 'image/png',
            data: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
              .png()
              .toBuffer(),
          },
        ),
        422,
        /too small/,
      ],
      [form({ name: 'X', category: 'top' }), 400, /Please choose a picture/],
      [form({ category: 'top' }, { name: 'x.png', type: 'image/png', data: png }), 400, /name/],
      [form({ name: 'X', category: 'hat' }, { name: 'x.png', type: 'image/png', data: png }), 400, /category/],
    ];
    for (const [body, status, message] of cases) {
      const response = await post('models', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/try-on/models',
      headers: bearer(admin),
      payload: { name: 'X', category: 'top' },
    });
    expect(json.statusCode).toBe(415);
    expect((await t.database.db.select().from(tryOnModels)).length).toBe(before);
  });

  it('a picture over 15 MB is a 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const response = await post('garments', form({ name: 'Big', category: 'top' }, { name: 'big.png', type: 'image/png', data: big }));
    expect(response.statusCode).toBe(413);
  });
});

describe('GET /admin/try-on/statistics', () => {
  it('counts try-on jobs, success rate, average time, top models and garments, per day', async () => {
    const db = t.database.db;
    const [model] = await db
      .insert(tryOnModels)
      .values({ name: 'Stats model', category: 'top', storageKey: 'try-on/models/s.png' })
      .returning();
    const garment = tryOnCatalogueItemSchema.parse(
      (await post('garments', form({ name: 'Stats coat', category: 'outerwear' }, { name: 'c.png', type: 'image/png', data: png }))).json()
        .data,
    );
    const fromCatalogue = {
      person: { source: 'try-on-model' as const, id: model!.id },
      garment: { source: 'try-on-garment' as const, id: garment.id },
    };
    const at = (day: string, seconds = 0) => new Date(`2030-05-${day}T10:00:${String(seconds).padStart(2, '0')}Z`);
    const base = { service: 'virtual-try-on', cost: 2 };
    await seedJob(db, userId, {
      ...base,
      status: 'succeeded',
      createdAt: at('01'),
      startedAt: at('01', 1),
      finishedAt: at('01', 2),
      files: fromCatalogue,
    });
    await seedJob(db, userId, {
      ...base,
      status: 'succeeded',
      createdAt: at('01'),
      startedAt: at('01', 1),
      finishedAt: at('01', 4),
      files: fromCatalogue,
    });
    await seedJob(db, userId, { ...base, status: 'succeeded', createdAt: at('03'), startedAt: at('03', 0), finishedAt: at('03', 2) });
    await seedJob(db, userId, {
      ...base,
      status: 'failed',
      createdAt: at('03'),
      files: { person: fromCatalogue.person, garment: { source: 'upload', id: garment.id } },
    });
    await seedJob(db, userId, { ...base, status: 'queued', createdAt: at('04') });
    await seedJob(db, userId, { service: 'image-generator', status: 'succeeded', createdAt: at('02') });

    const response = await call('GET', '/admin/try-on/statistics?from=2030-05-01&to=2030-05-31');
    expect(response.statusCode).toBe(200);
    const stats = tryOnStatisticsSchema.parse(response.json().data);
    expect(stats).toMatchObject({ totalJobs: 5, succeeded: 3, failed: 1, successRate: 0.75, avgDurationMs: 2000 });
    expect(stats.topModels).toEqual([{ id: model!.id, name: 'Stats model', uses: 3 }]);
    expect(stats.topGarments).toEqual([{ id: garment.id, name: 'Stats coat', uses: 2 }]);
    expect(stats.perDay).toEqual([
      { date: '2030-05-01', jobs: 2, succeeded: 2, failed: 0 },
      { date: '2030-05-03', jobs: 2, succeeded: 1, failed: 1 },
      { date: '2030-05-04', jobs: 1, succeeded: 0, failed: 0 },
    ]);
    const oneDay = tryOnStatisticsSchema.parse((await call('GET', '/admin/try-on/statistics?from=2030-05-03&to=2030-05-03')).json().data);
    expect(oneDay).toMatchObject({ totalJobs: 2, succeeded: 1, failed: 1, successRate: 0.5, avgDurationMs: 2000 });
    const empty = tryOnStatisticsSchema.parse((await call('GET', '/admin/try-on/statistics?from=2031-01-01')).json().data);
    expect(empty).toEqual({
      totalJobs: 0,
      succeeded: 0,
      failed: 0,
      successRate: 0,
      avgDurationMs: null,
      topModels: [],
      topGarments: [],
      perDay: [],
    });
    expect((await call('GET', '/admin/try-on/statistics?from=May')).statusCode).toBe(400);
  });
});

describe('introduction dialogs', () => {
  it('lists one dialog per service and saves an edit with an audit row', async () => {
    const list = z.array(adminIntroductionDialogSchema).parse((await call('GET', '/admin/introduction-dialogs')).json().data);
    expect(list.map((dialog) => dialog.service)).toEqual([...serviceKeys]);
    const response = await call('PUT', '/admin/introduction-dialogs/sales-pilot', {
      title: 'Meet Sales Pilot',
      body: 'Paste a call.\n\nGet a report.',
      enabled: false,
    });
    expect(response.statusCode).toBe(200);
    const saved = adminIntroductionDialogSchema.parse(response.json().data);
    expect(saved).toMatchObject({ service: 'sales-pilot', title: 'Meet Sales Pilot', enabled: false });
    expect(saved.updatedBy).not.toBeNull();
    const again = z.array(adminIntroductionDialogSchema).parse((await call('GET', '/admin/introduction-dialogs')).json().data);
    expect(again.find((dialog) => dialog.service === 'sales-pilot')).toMatchObject({ title: 'Meet Sales Pilot', enabled: false });
    const audit = await auditRows(t.database.db, 'introduction_dialog.update', 'sales-pilot');
    expect(audit).toEqual([
      expect.objectContaining({
        targetType: 'introduction_dialog',
        after: { title: 'Meet Sales Pilot', body: 'Paste a call.\n\nGet a report.', enabled: false },
      }),
    ]);
    expect((await call('PUT', '/admin/introduction-dialogs/nope', { title: 'a', body: 'b', enabled: true })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/introduction-dialogs/speedpainting', { title: ' ', body: 'b', enabled: true })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/introduction-dialogs/speedpainting', { title: 'a', body: 'b' })).statusCode).toBe(400);
  });
});
