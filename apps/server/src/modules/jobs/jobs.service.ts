import { randomUUID } from 'node:crypto';
import type { CreateJobBody, DownloadLink, Job, JobListItem, JobListQuery, ServiceEntry } from '@lumen/core/jobs/schemas';
import type { RequestReading } from '@lumen/core/jobs/request-reading';
import { finalJobStatuses } from '@lumen/core/jobs/schemas';
import type { FieldIssue } from '@lumen/core/http/envelope';
import type { Paginated } from '@lumen/core/http/pagination';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../plugins/fastify-types.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { summarizeIssues } from '../../plugins/errors.ts';
import { checkServiceAllowed, enforceMonthlyCap } from './key-budget.ts';
import type { JobApiKey } from './key-budget.ts';
import { listServiceCosts } from '../credits/index.ts';
import { findCreditAccount, hasPurchased } from '../credits/index.ts';
import { BALANCE_NOTICE_TOPIC, insufficientCreditsError } from '../credits/index.ts';
import type { FileLinks } from '../files/index.ts';
import type { Storage } from '../files/index.ts';
import type { EngineRegistry } from '@lumen/engines';
import { discloseEngine } from './engine-disclosure.ts';
import { cancelUnfinishedJob } from './job-cancel.ts';
import { countFreeRun } from './free-job-quota.ts';
import type { FreeJobLimits } from './free-job-quota.ts';
import { getPlatformSettings } from '../settings/index.ts';
import type { JobProviders } from './provider-port.ts';
import { checkNotBelowCost } from '../provider-prices/index.ts';
import { toJobDto } from './job.dto.ts';
import { resolveJobFiles } from './job-files.ts';
import { findListInputs } from './job-inputs.ts';
import { findCostAndBalance, insertChargedJob } from './charged-job.repository.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, idempotencyFingerprint } from './idempotency-fingerprint.ts';
import type { ChargedJob } from './charged-job.repository.ts';
import { deleteJob, findJob, findJobByKey, findJobsPage, listOutputs } from './jobs.repository.ts';
import { orderedServiceDefinitions, serviceDefinitions } from './service-catalogue.ts';
import type { JobRow } from './tables.ts';

export const JOB_NOT_FOUND_MESSAGE = 'Job not found';
export const DOWNLOAD_FORBIDDEN_MESSAGE = 'Downloads are available once you have purchased credits';
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

type Viewer = Pick<AuthUser, 'id' | 'role'>;
/** The API key a request came with (null with a session): its scopes bound every job route. */
type Key = JobApiKey | null | undefined;
/** How a job was submitted: its Idempotency-Key, API key and client IP (free-run limits). */
export type Submission = {
  idempotencyKey?: string;
  apiKey?: Key;
  ip: string;
  /** Where the request came in ('POST /api/v1/jobs', a retry's path, 'mcp <tool>'): part of what the key is bound to. */
  route: string;
};

type Deps = {
  db: Db;
  storage: Storage;
  links: FileLinks;
  engines: EngineRegistry;
  /** The hosted providers' module: today's budget before a charge, and a cancel sent to the provider once. */
  providers: Pick<JobProviders, 'checkBudget' | 'cancelOnce' | 'settleFailedJob'>;
  freeJobLimits: FreeJobLimits;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Where a submission's balance change is announced once committed (its statement does not: migration 0016). */
  changes: ChangeFeed;
  /** Called after a job is committed (wakes the in-process worker). */
  onEnqueued(jobId: string): void;
};

/** The balance did not cover the cost: the statement changed nothing. */
class NotCharged extends Error {}

export function createJobsService(deps: Deps) {
  const { db, links } = deps;

  /** Free-plan users see previews; bought credits (a pack or a subscription period) or ADMIN unlock downloads. */
  const mayDownload = async (viewer: Viewer) => viewer.role === 'ADMIN' || hasPurchased(db, viewer.id);

  async function present(rows: JobRow[], viewer: Viewer): Promise<Job[]> {
    const [outputs, canDownload] = await Promise.all([
      listOutputs(
        db,
        rows.map((row) => row.id),
      ),
      mayDownload(viewer),
    ]);
    return rows.map((row) =>
      toJobDto(
        row,
        outputs.filter((output) => output.jobId === row.id),
        links,
        canDownload,
      ),
    );
  }

  /** Another user's job is a 404; the caller's own job of a service outside the key's scopes is a 403. */
  async function visibleJob(viewer: Viewer, id: string, apiKey: Key): Promise<JobRow> {
    const row = await findJob(db, id);
    if (!row || (row.userId !== viewer.id && viewer.role !== 'ADMIN')) throw new AppError('NOT_FOUND', 404, JOB_NOT_FOUND_MESSAGE);
    checkServiceAllowed(apiKey, row.service as ServiceKey);
    return row;
  }

  /**
   * A paid service submitted without a key cap is one statement, one round trip. Free runs and capped keys add checks
   * that must undo the charge when they refuse, so they run in a transaction; so does a paid submission the statement
   * refused, to tell a free service from a short balance.
   */
  async function insertJobWithCharge(viewer: Viewer, job: ChargedJob, submission: Submission): Promise<JobRow> {
    const row = await insertChargedJobOnce(viewer, job, submission);
    deps.changes.publish({ topic: BALANCE_NOTICE_TOPIC, key: viewer.id });
    return row;
  }

  async function insertChargedJobOnce(viewer: Viewer, job: ChargedJob, submission: Submission): Promise<JobRow> {
    const { apiKey } = submission;
    const hasCap = apiKey?.monthlyCreditCap !== null && apiKey?.monthlyCreditCap !== undefined;
    const row = hasCap ? null : await insertChargedJob(db, job, { paidOnly: true });
    if (row) return row;
    return db.transaction(async (tx) => {
      const charged = await insertChargedJob(tx, job, { paidOnly: false });
      if (!charged) throw new NotCharged();
      await enforceMonthlyCap(tx, apiKey, new Date(), charged.cost);
      if (charged.cost === 0) await countFreeRun(tx, deps.freeJobLimits, { userId: viewer.id, ip: submission.ip }, deps.clock());
      return charged;
    });
  }

  async function notChargedError(viewer: Viewer, service: ServiceKey): Promise<Error> {
    const { cost, balance } = await findCostAndBalance(db, { userId: viewer.id, service });
    if (cost === null) return new AppError('NOT_FOUND', 404, `Unknown service: ${service}`);
    if (balance === null) return new Error(`createJob: user ${viewer.id} has no credit account`);
    return insufficientCreditsError(balance, cost);
  }

  /** The service's params checked against its schema (400 with a detail per field). */
  function parseParams(service: ServiceKey, raw: Record<string, unknown>): Record<string, unknown> {
    const parsed = serviceDefinitions[service].paramsSchema.safeParse(raw);
    if (!parsed.success) {
      const details: FieldIssue[] = parsed.error.issues.map((issue) => ({
        field: ['params', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      throw new AppError('VALIDATION_ERROR', 400, summarizeIssues(details), { details });
    }
    return parsed.data as Record<string, unknown>;
  }

  /** What the service's built-in engine will make of the params (free; the same reading its job runs). */
  async function readRequest(service: ServiceKey, params: Record<string, unknown>): Promise<RequestReading> {
    const reading = await deps.engines.readRequest(service, params);
    if (!reading) return { service, checked: false, headline: null, willMake: [], leftOut: [], refusal: null };
    return { service, checked: true, ...reading };
  }

  async function createJob(
    viewer: Viewer,
    body: { service: ServiceKey; params: Record<string, unknown>; files: Record<string, string> },
    submission: Submission,
  ): Promise<{ job: Job; isReplay: boolean }> {
    const { idempotencyKey, apiKey } = submission;
    checkServiceAllowed(apiKey, body.service);
    const definition = serviceDefinitions[body.service];
    const params = parseParams(body.service, body.params);
    // A built-in engine that cannot make what the request is for refuses it here, before any credit moves.
    const { refusal } = await readRequest(body.service, params);
    if (refusal)
      throw new AppError('UNPROCESSABLE', 422, refusal.message, { meta: { missing: refusal.missing, suggestions: refusal.suggestions } });
    const files = await resolveJobFiles(db, { userId: viewer.id, definition, params, files: body.files });
    const engine = deps.engines.infoFor(body.service);
    if (engine.kind === 'remote') {
      const { dailyProviderSpendCapUsd } = await getPlatformSettings(db);
      await deps.providers.checkBudget(db, dailyProviderSpendCapUsd, deps.clock(), deps.log);
      // A configuration that would sell below cost is refused here, before any credit moves, unless an admin allows it.
      await checkNotBelowCost({ db, engines: deps.engines }, body.service, params);
    }
    const jobId = randomUUID();
    const job: ChargedJob = {
      id: jobId,
      userId: viewer.id,
      service: body.service,
      params,
      files,
      engineKind: engine.kind,
      engineLabel: engine.label,
      idempotencyKey: idempotencyKey ?? null,
      idempotencyFingerprint: idempotencyKey
        ? idempotencyFingerprint(submission.route, { service: body.service, params, files: body.files })
        : null,
      apiKeyId: apiKey && apiKey.kind !== 'oauth_grant' ? apiKey.id : null,
      oauthGrantId: apiKey?.kind === 'oauth_grant' ? apiKey.id : null,
      charge: { idempotencyKey: `job:${jobId}:charge`, reason: `${definition.name} job` },
    };
    /**
     * The job this key already made, as it was answered then, when the key comes with the same route and request
     * (422 otherwise: a key is never reused for another request) and the caller may see that job (a key's scopes).
     */
    const replay = async () => {
      const earlier = idempotencyKey ? await findJobByKey(db, viewer.id, idempotencyKey) : null;
      if (!earlier) return null;
      if (earlier.idempotencyFingerprint !== null && earlier.idempotencyFingerprint !== job.idempotencyFingerprint) {
        throw new AppError('UNPROCESSABLE', 422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      }
      checkServiceAllowed(apiKey, earlier.service as ServiceKey);
      return { job: (await present([earlier], viewer))[0]!, isReplay: true };
    };
    let row: JobRow;
    try {
      row = await insertJobWithCharge(viewer, job, submission);
    } catch (error) {
      const earlier = idempotencyKey && (isUniqueViolation(error) || error instanceof NotCharged) ? await replay() : null;
      if (earlier) return earlier;
      if (error instanceof NotCharged) throw await notChargedError(viewer, body.service);
      throw error;
    }
    deps.onEnqueued(jobId);
    // A job just queued has no outputs yet and cannot be downloaded: no need to read either.
    return { job: toJobDto(row, [], links, false), isReplay: false };
  }

  return {
    mayDownload,
    /** POST /jobs/preview: the reading of a request, without charging or queueing anything. */
    previewJob(apiKey: Key, body: { service: ServiceKey; params: Record<string, unknown> }): Promise<RequestReading> {
      checkServiceAllowed(apiKey, body.service);
      return readRequest(body.service, parseParams(body.service, body.params));
    },
    createJob: (viewer: Viewer, body: Required<CreateJobBody>, submission: Submission) =>
      createJob(viewer, { service: body.service, params: body.params, files: body.files }, submission),

    async listServices(viewer: Viewer | null): Promise<ServiceEntry[]> {
      const [costs, account, settings] = await Promise.all([
        listServiceCosts(db),
        viewer ? findCreditAccount(db, viewer.id) : null,
        getPlatformSettings(db),
      ]);
      const freeRunsPerDay = deps.freeJobLimits.freeJobsPerAccount.max;
      return orderedServiceDefinitions.map((definition) => {
        const cost = costs.find((row) => row.serviceKey === definition.key)?.cost ?? 0;
        const usesLeft = viewer ? (cost === 0 ? null : Math.floor((account?.balance ?? 0) / cost)) : undefined;
        return {
          key: definition.key,
          name: definition.name,
          description: definition.description,
          cost,
          ...(usesLeft !== undefined ? { usesLeft } : {}),
          ...(cost === 0 && freeRunsPerDay > 0 ? { freeRunsPerDay } : {}),
          outputKind: definition.outputKind,
          engine: discloseEngine(deps.engines, definition.key, settings.providerOrder[definition.key]),
          files: definition.files.map(({ purpose: _purpose, ...file }) => file),
        };
      });
    },

    async getJob(viewer: Viewer, id: string, apiKey: Key): Promise<Job> {
      return (await present([await visibleJob(viewer, id, apiKey)], viewer))[0]!;
    },

    /** The user's result library, newest first; with a scoped key, the jobs of its services only. */
    async listJobs(viewer: Viewer, query: JobListQuery, apiKey: Key): Promise<Paginated<JobListItem>> {
      if (query.service) checkServiceAllowed(apiKey, query.service);
      const { rows, total } = await findJobsPage(
        db,
        {
          userId: viewer.id,
          service: query.service,
          services: apiKey?.allowedServices ?? undefined,
          status: query.status,
          search: query.search,
        },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const [jobs, inputs] = await Promise.all([present(rows, viewer), findListInputs(db, links, rows)]);
      return {
        items: jobs.map((job) => ({ ...job, input: inputs.get(job.id) ?? null })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    /** Removes a finished job and its result files (the uploads stay). */
    async deleteJob(viewer: Viewer, id: string, apiKey: Key): Promise<void> {
      const row = await visibleJob(viewer, id, apiKey);
      if (!finalJobStatuses.includes(row.status)) {
        throw new AppError('CONFLICT', 409, 'This job has not finished yet; delete it once it has');
      }
      const outputs = await listOutputs(db, [row.id]);
      await deleteJob(db, row.id);
      for (const output of outputs) {
        await deps.storage.delete(output.storageKey);
        if (output.previewStorageKey) await deps.storage.delete(output.previewStorageKey);
      }
    },

    /** A new job with the same service, params and files, charged again. */
    async retryJob(viewer: Viewer, id: string, submission: Submission): Promise<{ job: Job; isReplay: boolean }> {
      const row = await visibleJob(viewer, id, submission.apiKey);
      if (row.userId !== viewer.id) throw new AppError('NOT_FOUND', 404, JOB_NOT_FOUND_MESSAGE);
      const files = Object.fromEntries(
        Object.entries(row.files)
          .filter(([, ref]) => ref.source === 'upload')
          .map(([field, ref]) => [field, ref.id]),
      );
      return createJob(viewer, { service: row.service as ServiceKey, params: row.params, files }, submission);
    },

    /** Stops a job that has not finished (409 once it has); refunded, and cancelled at its provider. */
    async cancelJob(viewer: Viewer, id: string, apiKey: Key): Promise<Job> {
      const row = await visibleJob(viewer, id, apiKey);
      await cancelUnfinishedJob({ db, engines: deps.engines, log: deps.log, providers: deps.providers }, row);
      return (await present([(await findJob(db, id))!], viewer))[0]!;
    },

    /** Without an output id, the job's first (primary) output. */
    async downloadLink(viewer: Viewer, jobId: string, apiKey: Key, outputId?: string): Promise<DownloadLink> {
      const row = await visibleJob(viewer, jobId, apiKey);
      const outputs = await listOutputs(db, [row.id]);
      const output = outputId === undefined ? outputs[0] : outputs.find((item) => item.id === outputId);
      if (!output) {
        throw new AppError('NOT_FOUND', 404, outputId === undefined ? 'This job has no result to download yet' : 'Output not found');
      }
      if (!(await mayDownload(viewer))) throw new AppError('FORBIDDEN', 403, DOWNLOAD_FORBIDDEN_MESSAGE);
      const link = links.sign(
        { key: output.storageKey, contentType: output.contentType, disposition: 'attachment', fileName: output.name },
        DOWNLOAD_LINK_TTL_SECONDS,
      );
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
