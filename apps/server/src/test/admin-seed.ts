import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { auditLog } from '../modules/audit/tables.ts';
import { moveCredits } from '../modules/credits/credits.service.ts';
import { jobs } from '../modules/jobs/tables.ts';
import type { JobFileRef, JobRow } from '../modules/jobs/tables.ts';

export type SeedJob = {
  service?: string;
  status?: JobRow['status'];
  cost?: number;
  createdAt?: Date;
  startedAt?: Date | null;
  finishedAt?: Date | null;
  files?: Record<string, JobFileRef>;
  error?: string | null;
};

/** A job as the pipeline records it: charged (when it costs anything) with the pipeline's key, then inserted. */
export async function seedJob(db: Db, userId: string, seed: SeedJob = {}): Promise<JobRow> {
  const id = randomUUID();
  const cost = seed.cost ?? 1;
  const service = seed.service ?? 'image-generator';
  const charge =
    cost > 0
      ? await moveCredits(db, {
          userId,
          amount: -cost,
          kind: 'job_charge',
          idempotencyKey: `job:${id}:charge`,
          serviceKey: service,
          unitCost: cost,
        })
      : null;
  const [row] = await db
    .insert(jobs)
    .values({
      id,
      userId,
      service,
      status: seed.status ?? 'queued',
      params: { prompt: 'a fox' },
      files: seed.files ?? {},
      cost,
      chargeLedgerId: charge?.ledgerEntryId ?? null,
      engineKind: 'builtin',
      engineLabel: 'Test engine',
      error: seed.error ?? (seed.status === 'failed' ? 'The engine broke' : null),
      createdAt: seed.createdAt ?? new Date(),
      startedAt: seed.startedAt ?? null,
      finishedAt: seed.finishedAt ?? null,
    })
    .returning();
  return row!;
}

export async function auditRows(db: Db, action: string, targetId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}
