import type { Job, JobInput, JobOutput } from '@lumen/core/jobs/schemas';
import { finalJobStatuses } from '@lumen/core/jobs/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';
import type { JobChanges, McpContext } from './mcp-context.ts';

/** A job as GET /api/v1/jobs/{id} shows it, with absolute links (an MCP client knows no base URL). */
export type JobResult = Omit<Job, 'outputs'> & { input?: JobInput | null; outputs: Array<JobOutput & { downloadUrl?: string }> };

/** The job's links made absolute (its outputs' and, in a list, its input's); `downloadUrls` by output id, for viewers who may download. */
export function toJobResult(
  job: Job & { input?: JobInput | null },
  publicUrl: string,
  downloadUrls: ReadonlyMap<string, string> = new Map(),
): JobResult {
  const absolute = (path: string) => new URL(path, publicUrl).toString();
  const input = job.input?.previewUrl ? { ...job.input, previewUrl: absolute(job.input.previewUrl) } : job.input;
  return {
    ...job,
    ...(input !== undefined ? { input } : {}),
    outputs: job.outputs.map((output) => {
      const downloadUrl = downloadUrls.get(output.id);
      return { ...output, previewUrl: absolute(output.previewUrl), ...(downloadUrl ? { downloadUrl: absolute(downloadUrl) } : {}) };
    }),
  };
}

const isFinal = (job: Pick<Job, 'status'>) => finalJobStatuses.includes(job.status);

/** One line an agent can act on, above the job's JSON. */
export function jobHeadline(job: Job, waitSeconds: number | null): string {
  const name = `${serviceNames[job.service]} job ${job.id}`;
  const cost = `${job.cost} ${job.cost === 1 ? 'credit' : 'credits'}`;
  switch (job.status) {
    case 'succeeded':
      return `${name} succeeded (${cost}): ${job.outputs.length} output(s), links below.`;
    case 'failed':
      return `${name} failed: ${job.error ?? 'no reason given'}.${job.refunded ? ` The ${cost} were refunded.` : ''}`;
    default: {
      const waited = waitSeconds === null ? '' : ` after ${waitSeconds} s`;
      return `${name} is ${job.status}${waited} (${cost}). Read it later with get_job or the resource lumen://jobs/${job.id}.`;
    }
  }
}

const POLL_MS = 500;

/** Resolves on the job's next change, after `ms`, or when `signal` aborts, whichever comes first. */
function nextChange(changes: JobChanges, jobId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = changes.on(jobId, done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Reads the job until it is final, `timeoutMs` has passed or `signal` aborts; returns the last good read. */
export async function waitForFinalStatus(input: {
  first: Job;
  read: () => Promise<Job>;
  changes: JobChanges;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<Job> {
  const deadline = Date.now() + input.timeoutMs;
  let job = input.first;
  while (!isFinal(job) && !input.signal.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await nextChange(input.changes, job.id, Math.min(left, POLL_MS), input.signal);
    try {
      job = await input.read();
    } catch {
      // The job exists and is charged: a failed re-read (deleted meanwhile, database gone) must not
      // turn the call into an error the agent would retry (and pay for) again.
      break;
    }
  }
  return job;
}

/** The job for an MCP client: absolute links, plus download links when the viewer may download. */
export async function presentJob(ctx: McpContext, job: Job): Promise<JobResult> {
  const downloads = new Map<string, string>();
  if (job.canDownload) {
    const { viewer, apiKey } = ctx.caller;
    for (const output of job.outputs) {
      downloads.set(output.id, (await ctx.jobs.downloadLink(viewer, job.id, apiKey, output.id)).url);
    }
  }
  return toJobResult(job, ctx.publicUrl, downloads);
}
