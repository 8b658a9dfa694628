import type { FastifyBaseLogger } from 'fastify';
import type { EngineRegistry, WebhookHeaders } from '@lumen/engines';
import { providerNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { queueJobOfEndedRequest } from '../jobs/index.ts';
import type { WebhookOutcome } from '../jobs/index.ts';

/**
 * Takes one delivery to our webhook of a provider: the signature and timestamp are checked on the raw
 * body first. A verified delivery only says that a request ended; the worker then reads the request's
 * status and result from the provider itself, so nothing in the body is trusted. The job holding the
 * request is then queued (jobs' queueJobOfEndedRequest): a duplicate, a replay or a delivery after a poll
 * finished the job changes nothing.
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
  return queueJobOfEndedRequest(deps.db, { provider, requestId: verification.event.requestId });
}
