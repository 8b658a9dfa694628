import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineRegistry, WebhookHeaders } from '@lumen/engines';
import { providerNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { jobs } from './tables.ts';

/** What a verified delivery did: queued a job waiting at the provider, noted it for a job still running, or nothing. */
export type WebhookOutcome = { jobId: string; effect: 'queued' | 'noted' } | { jobId: null; effect: 'ignored' };

/**
 * Takes one delivery to our webhook of a provider: the signature and timestamp are checked on the raw
 * body first. A verified delivery only says that a request ended; the worker then reads the request's
 * status and result from the provider itself, so nothing in the body is trusted. Each change is
 * conditional on the job's state: a duplicate, a replay or a delivery after a poll finished the job
 * changes nothing.
 */
export async function acceptProviderWebhook(
  deps: { db: Db; engines: EngineRegistry; log: FastifyBaseLogger },
  delivery: { provider: string; rawBody: Buffer; headers: WebhookHeaders },
): Promise<WebhookOutcome> {
  const provider = (providerNames as readonly string[]).includes(delivery.provider) ? (delivery.provider as ProviderName) : null;
  const verification = provider && (await deps.engines.verifyWebhook(provider, delivery.rawBody, delivery.headers));
  if (!provider || verification === null) {
    throw new AppError('NOT_FOUND', 404, `No hosted provider called ${JSON.stringify(delivery.provider)} is configured here`);
  }
  if (!verification.ok) {
    deps.log.warn({ provider: delivery.provider, reason: verification.reason }, 'provider webhook refused');
    throw new AppError('BAD_REQUEST', 400, `The webhook could not be verified: ${verification.reason}`);
  }
  const { requestId } = verification.event;
  const ofRequest = and(eq(jobs.provider, provider), eq(jobs.providerRequestId, requestId));
  const [queued] = await deps.db
    .update(jobs)
    .set({ status: 'queued', runAfter: sql`now()` })
    .where(and(ofRequest, eq(jobs.status, 'at_provider')))
    .returning({ id: jobs.id });
  if (queued) return { jobId: queued.id, effect: 'queued' };
  // The provider can finish before the worker has left the job at the provider: the worker queues it then.
  const [noted] = await deps.db
    .update(jobs)
    .set({ providerNotifiedAt: sql`now()` })
    .where(and(ofRequest, eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  if (noted) return { jobId: noted.id, effect: 'noted' };
  return { jobId: null, effect: 'ignored' };
}
