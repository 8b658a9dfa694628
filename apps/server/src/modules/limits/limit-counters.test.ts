import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../test/build-test-app.ts';
import { checkLimit, deleteEndedWindows, hitLimit, releaseHit } from './index.ts';

let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const minute = { max: 5, windowMs: 60_000 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, seconds));

describe('limit counters', () => {
  it('lets exactly max hits through when 200 arrive at once, and says when the window ends', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => hitLimit(database.db, 'burst', minute, at(0))));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.flatMap((result) => (result.allowed ? [result.count] : [])).sort()).toEqual([1, 2, 3, 4, 5]);
    const refused = results.find((result) => !result.allowed);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await checkLimit(database.db, 'burst', minute, at(30))).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('never asks a request to wait longer than one window, even when its clock read before the one that opened it', async () => {
    const aLittleLater = new Date(at(0).getTime() + 300);
    for (let i = 0; i < 5; i += 1) await hitLimit(database.db, 'late-clock', minute, aLittleLater);
    expect(await hitLimit(database.db, 'late-clock', minute, at(0))).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await checkLimit(database.db, 'late-clock', minute, at(0))).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('starts a new window once the old one has ended', async () => {
    for (let i = 0; i < 5; i += 1) await hitLimit(database.db, 'window', minute, at(0));
    expect((await hitLimit(database.db, 'window', minute, at(59))).allowed).toBe(false);
    expect(await hitLimit(database.db, 'window', minute, at(60))).toEqual({ allowed: true, count: 1 });
    expect((await checkLimit(database.db, 'window', minute, at(61))).allowed).toBe(true);
  });

  it('keeps keys apart, gives a released hit back, and treats max 0 as no limit', async () => {
    for (let i = 0; i < 5; i += 1) await hitLimit(database.db, 'a', minute, at(0));
    expect((await hitLimit(database.db, 'b', minute, at(0))).allowed).toBe(true);
    expect((await hitLimit(database.db, 'a', minute, at(1))).allowed).toBe(false);
    await releaseHit(database.db, 'a');
    expect((await hitLimit(database.db, 'a', minute, at(2))).allowed).toBe(true);
    expect((await hitLimit(database.db, 'a', { max: 0, windowMs: 1 }, at(3))).allowed).toBe(true);
  });

  it('deletes only ended windows', async () => {
    await hitLimit(database.db, 'old', { max: 5, windowMs: 1_000 }, at(0));
    await hitLimit(database.db, 'young', { max: 5, windowMs: 3_600_000 }, at(0));
    expect(await deleteEndedWindows(database.db, at(10))).toBeGreaterThanOrEqual(1);
    expect(await checkLimit(database.db, 'young', { max: 1, windowMs: 3_600_000 }, at(10))).toEqual({
      allowed: false,
      retryAfterSeconds: 3590,
    });
  });
});
