import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { rowsOf } from './result-rows.ts';

describe('the embedded database on disk (decision 069)', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('is made by initdb in a child process on a first start, opens with a small shared_buffers, and opens again', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'lumen-pglite-')), 'db');
    dirs.push(dir);
    const first = await createDatabase({ pgliteDir: dir });
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    const settings = rowsOf<{ shared_buffers: string }>(await first.db.execute(sql`show shared_buffers`));
    expect(settings[0]?.shared_buffers).toBe('16MB');
    await first.close();

    const again = await createDatabase({ pgliteDir: dir });
    const kept = rowsOf<{ value: string }>(await again.db.execute(sql`select value from kept`));
    expect(kept).toEqual([{ value: 'still here' }]);
    await again.close();
  }, 120_000);
});
