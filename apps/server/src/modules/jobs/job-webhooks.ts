import type { WebhookEvent, WebhookEventType } from '@lumen/core/api-keys/schemas';
import type { Db } from '../../db/database.ts';
import type { JobRow } from './tables.ts';
import { queueWebhookDelivery, webhookUrlOfKey } from '../api-keys/index.ts';

/** The job as a webhook shows it; outputs are read with GET /jobs/{id}. */
function webhookJob(job: JobRow): Record<string, unknown> {
  return {
    id: job.id,
    service: job.service,
    status: job.status,
    cost: job.cost,
    refunded: job.refundedAt !== null,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Queues job.succeeded / job.failed for the key that created the job, when it has a webhook URL.
 * Called inside the transaction that finishes the job; one event per job and type.
 */
export async function enqueueJobWebhook(tx: Db, job: JobRow): Promise<void> {
  if (!job.apiKeyId || (job.status !== 'succeeded' && job.status !== 'failed')) return;
  if (!(await webhookUrlOfKey(tx, job.apiKeyId))) return;
  const type: WebhookEventType = job.status === 'succeeded' ? 'job.succeeded' : 'job.failed';
  const eventId = `evt_${job.id.replaceAll('-', '')}_${job.status}`;
  const event: WebhookEvent = { id: eventId, type, createdAt: new Date().toISOString(), data: { job: webhookJob(job) } };
  await queueWebhookDelivery(tx, { keyId: job.apiKeyId, jobId: job.id, eventId, type, payload: JSON.stringify(event) });
}
