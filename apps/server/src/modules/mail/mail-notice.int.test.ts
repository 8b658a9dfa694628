import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { testConfig } from '../../test/build-test-app.ts';

describe('mail start-up notice', () => {
  it('logs one line when SMTP_URL is not set', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lumen-mail-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const database = await createDatabase({ pgliteDir: null });
    const app = await buildApp({ config: testConfig(dataDir), database, print: () => undefined, logger: { level: 'info', stream } });
    try {
      const notices = lines.filter((line) => line.includes('SMTP_URL is not set'));
      expect(notices).toHaveLength(1);
      expect(JSON.parse(notices[0] ?? '{}').msg).toBe(
        'Mail: SMTP_URL is not set, so e-mails are only written to the mail outbox (Admin › Mail outbox).',
      );
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
