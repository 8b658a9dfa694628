import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDirFor } from './db/database.ts';
import { firstStartInChild } from './first-start.ts';
import { testConfig } from './test/build-test-app.ts';

describe('which starts hand their start-up work to a child (decision 097)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lumen-first-start-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));
  const config = (overrides: Parameters<typeof testConfig>[1] = {}) =>
    testConfig(dataDir, { workerEnabled: true, featuredPosts: true, tryOnCatalogueSeed: true, ...overrides });

  it('the first start of a process that runs jobs on the embedded database, with start-up work to do', () => {
    expect(firstStartInChild(config())).toBe(true);
    expect(firstStartInChild(config({ featuredPosts: false }))).toBe(true);
    expect(firstStartInChild(config({ tryOnCatalogueSeed: false }))).toBe(true);
  });

  it('not on PostgreSQL, not without a worker, not without start-up work', () => {
    expect(firstStartInChild(config({ databaseUrl: 'postgres://127.0.0.1/lumen' }))).toBe(false);
    expect(firstStartInChild(config({ workerEnabled: false }))).toBe(false);
    expect(firstStartInChild(config({ featuredPosts: false, tryOnCatalogueSeed: false }))).toBe(false);
  });

  it('not once the embedded database exists (a restart)', () => {
    mkdirSync(pgliteDirFor(dataDir), { recursive: true });
    writeFileSync(join(pgliteDirFor(dataDir), 'PG_VERSION'), '17\n');
    expect(firstStartInChild(config())).toBe(false);
  });
});
