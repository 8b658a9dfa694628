import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  downloadLinkSchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobOutputParamsSchema,
  jobSchema,
  paginatedJobsSchema,
  serviceListSchema,
} from '@lumen/core/jobs/schemas';
import { requestPreviewBodySchema, requestReadingSchema } from '@lumen/core/jobs/request-reading';
import { apiKeyAccess, jwtOrApiKeySecurity } from '../../lib/api-key-access.ts';
import { emptyData, failures, mediaResponse, ok } from '../../lib/route-schemas.ts';
import { apiKeyCredential, apiKeyOf } from '../api-keys/index.ts';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { streamJobEvents } from './job-events-stream.ts';
import { createJobsService } from './jobs.service.ts';
import type { JobProviders } from './provider-port.ts';
import { createJobBodySchema } from './service-catalogue.ts';
import { fileLinksOf, storageOf } from '../files/index.ts';

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(1).max(200).optional() }).loose();

/** What POST /jobs and retries need besides the body: Idempotency-Key (bound to this route), API key and client IP. */
function submissionOf(request: Pick<FastifyRequest, 'apiKey' | 'ip' | 'method' | 'url'> & { headers: { 'idempotency-key'?: string } }) {
  return {
    idempotencyKey: request.headers['idempotency-key'],
    apiKey: apiKeyOf(request),
    ip: clientAddress(request),
    route: `${request.method} ${request.url.split('?')[0]}`,
  };
}

/** Signed in when a token is sent (and valid); a guest otherwise. */
async function optionalUser(request: FastifyRequest) {
  if (!request.headers.authorization && !request.headers['x-api-key']) return null;
  // A bad API key is a 401 here too (a stale JWT just reads as a guest).
  if (apiKeyCredential(request) !== null) {
    await requireAuth(request);
    return request.user;
  }
  try {
    await requireAuth(request);
    return request.user;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return null;
    throw error;
  }
}

/** The jobs API: services, jobs (submit, list, read, cancel, retry, delete), their events and outputs. */
export const jobsRoutes: FastifyPluginAsyncZod<{ providers: JobProviders }> = async (app, options) => {
  const service = createJobsService({
    db: app.db,
    storage: storageOf(app),
    links: fileLinksOf(app),
    engines: app.engines,
    providers: options.providers,
    freeJobLimits: app.config.clientLimits,
    clock: () => app.clock(),
    log: app.log,
    changes: app.database.changes,
    onEnqueued: (jobId) => {
      app.jobEvents.emit(jobId);
      app.jobWorker?.poke();
    },
  });
  const tags = ['jobs'];
  const security = jwtOrApiKeySecurity;
  const config = apiKeyAccess;

  app.get(
    '/services',
    {
      config,
      schema: {
        operationId: 'services.list',
        tags,
        security: [{}, ...security],
        summary: 'The AI services with their cost, inputs, output and engine (usesLeft when signed in)',
        response: { 200: ok(serviceListSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.listServices(await optionalUser(request)) }),
  );

  app.post(
    '/jobs',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.create',
        tags,
        security,
        summary: 'Submit a job: charges the cost, records and enqueues it in one transaction (Idempotency-Key honoured)',
        headers: idempotencyHeaders,
        body: createJobBodySchema,
        response: { 201: ok(jobSchema), ...failures(400, 401, 402, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      // A parsed JSON body has no undefined values: the optional file fields are either an upload id or absent.
      const body = { ...request.body, files: request.body.files as Record<string, string> };
      const { job, isReplay } = await service.createJob(currentUser(request), body, submissionOf(request));
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true as const, data: job, message: isReplay ? undefined : 'Job submitted' });
    },
  );

  app.post(
    '/jobs/preview',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.preview',
        tags,
        security,
        summary:
          'What the service will make of a request, free: the built-in engines read it as the job would, and say when they would refuse it (POST /jobs then answers 422 and charges nothing)',
        body: requestPreviewBodySchema,
        response: { 200: ok(requestReadingSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.previewJob(apiKeyOf(request), { service: request.body.service, params: request.body.params }),
    }),
  );

  app.get(
    '/jobs',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.list',
        tags,
        security,
        summary: 'Your jobs, newest first (the result library)',
        querystring: jobListQuerySchema,
        response: { 200: ok(paginatedJobsSchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.listJobs(currentUser(request), request.query, apiKeyOf(request)) }),
  );

  app.get(
    '/jobs/:id',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.get',
        tags,
        security,
        summary: 'One job',
        params: jobIdParamsSchema,
        response: { 200: ok(jobSchema), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getJob(currentUser(request), request.params.id, apiKeyOf(request)) }),
  );

  app.get(
    '/jobs/:id/events',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.streamEvents',
        tags,
        security,
        summary: "Server-Sent Events: 'job' with the job on every change; closes after a final status",
        params: jobIdParamsSchema,
        response: {
          200: mediaResponse("Server-Sent Events: 'job' events, each with the job as JSON", ['text/event-stream'], 'text'),
          ...failures(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const first = await service.getJob(viewer, request.params.id, apiKeyOf(request)); // 404 or 403 before the stream opens
      const read = () => service.getJob(viewer, request.params.id, apiKeyOf(request));
      await streamJobEvents({ request, reply, first, read, events: app.jobEvents });
    },
  );

  app.delete(
    '/jobs/:id',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.delete',
        tags,
        security,
        summary: "Delete a finished job and its result files (409 while it's queued or running)",
        params: jobIdParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      await service.deleteJob(currentUser(request), request.params.id, apiKeyOf(request));
      return { success: true as const, data: null, message: 'Job deleted' };
    },
  );

  app.post(
    '/jobs/:id/cancel',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.cancel',
        tags,
        security,
        summary: 'Cancel a job that has not finished: it fails, its credits are refunded, and a hosted provider stops working on it',
        params: jobIdParamsSchema,
        response: { 200: ok(jobSchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const job = await service.cancelJob(currentUser(request), request.params.id, apiKeyOf(request));
      app.jobEvents.emit(job.id);
      return { success: true as const, data: job, message: 'Job cancelled' };
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.retry',
        tags,
        security,
        summary: 'Run a job again as a new job (charged again)',
        headers: idempotencyHeaders,
        params: jobIdParamsSchema,
        response: { 201: ok(jobSchema), ...failures(400, 401, 402, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { job, isReplay } = await service.retryJob(currentUser(request), request.params.id, submissionOf(request));
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true as const, data: job, message: isReplay ? undefined : 'Job submitted' });
    },
  );

  app.get(
    '/jobs/:id/download',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.download',
        tags,
        security,
        summary: "A short-lived signed link to download the job's primary result (users who have purchased credits, and admins)",
        params: jobIdParamsSchema,
        response: { 200: ok(downloadLinkSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.downloadLink(currentUser(request), request.params.id, apiKeyOf(request)),
    }),
  );

  app.get(
    '/jobs/:id/outputs/:outputId/download',
    {
      onRequest: requireAuth,
      config,
      schema: {
        operationId: 'jobs.downloadOutput',
        tags,
        security,
        summary: 'A short-lived signed link to download the original (users who have purchased credits, and admins)',
        params: jobOutputParamsSchema,
        response: { 200: ok(downloadLinkSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.downloadLink(currentUser(request), request.params.id, apiKeyOf(request), request.params.outputId),
    }),
  );
};
