import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, migrationsFolder } from './database.ts';

// Several processes starting at once on a fresh PostgreSQL database (compose, a rolling deploy).
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations', () => {
  it('run once when three processes migrate a fresh database at the same time', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `test_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databases = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: url.toString(), maxConnections: 3 })));
    try {
      const results = await Promise.allSettled(databases.map((database) => database.migrate()));
      expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const result = (await databases[0]!.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { count: number }[];
      };
      const row = result.rows[0];
      expect(row!.count).toBe(readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql')).length);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
