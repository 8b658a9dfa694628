import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ProviderName } from '@lumen/core/services/providers';
import type { ProviderBudget } from './provider-budget.ts';
import type { ProviderUsage } from './remote/provider-prices.ts';

/** A file an engine reads (an upload) or writes (a result). */
export type EngineFile = {
  /** File name offered on download, e.g. 'background-removed.png'. */
  name: string;
  contentType: string;
  data: Buffer;
};

export type EngineResultFile = EngineFile & {
  kind: 'image' | 'video' | 'audio' | 'report';
  /** A smaller or watermarked preview for users who may not download; same kind. */
  preview?: EngineFile;
};

export type EngineResult = {
  files: EngineResultFile[];
  /** Structured output shown in the page (e.g. the sales report's numbers); JSON-serialisable. */
  summary?: unknown;
  /**
   * The hosted provider and model that made it, when a remote engine chose among several; `costMicroUsd` is what
   * the run cost from the provider's own usage figure, when it reports one (it then wins over the published price);
   * `usage` is that figure in billed units (OpenAI's tokens), priced by the worker with the admin's price overrides.
   */
  provider?: { name: ProviderName; model: string; costMicroUsd?: number; usage?: ProviderUsage };
};

/** A request a hosted provider accepted and is running (or ran) for one job. */
export type ProviderRequest = { provider: ProviderName; model: string; requestId: string };

/**
 * How a remote engine keeps its provider request durable. The worker stores the request before the
 * engine waits on it, so that a restarted worker, a retry or the sweeper resumes that request instead
 * of submitting (and paying for) another.
 */
export type ProviderRequestStore = {
  /** The request an earlier run of this job submitted, if any. */
  existing: ProviderRequest | null;
  /** Called once the provider accepted a request; resolves when it is stored (a rejection cancels it). */
  submitted(request: ProviderRequest): Promise<void>;
  /** The request ended without a result (failed, canceled): the next run submits anew (the request stays on record). */
  ended(request: ProviderRequest, state?: 'failed' | 'cancelled'): Promise<void>;
  /**
   * Claims the one cancellation of a request: true for the first caller only (a user cancel, the sweeper and
   * the run itself may all want to), which then sends it. Absent: the caller always sends it.
   */
  cancelling?(request: ProviderRequest): Promise<boolean>;
};

export type EngineContext = {
  /**
   * Aborted when the job times out or the worker shuts down; engines stop promptly. A remote engine
   * cancels its provider request on abort unless the reason is a {@link HandOver}.
   */
  signal: AbortSignal;
  /** Progress from 0 to 1, for the live job status. */
  onProgress(fraction: number): void;
  requests?: ProviderRequestStore;
  /** Told of every call to a hosted provider as it ends, for the provider's health figures. */
  onProviderCall?(call: ProviderCall): void;
  /** Present when providers can reach our webhook: a long request is then left to it (see {@link AtProvider}). */
  webhooks?: ProviderWebhooks;
  /** The admin's order of the service's hosted providers (platform settings); the environment's order when absent. */
  providerOrder?: readonly string[];
  /** The day's provider budget: a run reserves its expected cost before each provider is sent its request. */
  budget?: ProviderBudget;
  /** Told what a provider reported a finished request used (Replicate's predict_time, FASHN's credits_used), to price the run. */
  onProviderUsage?(provider: ProviderName, usage: ProviderUsage): void;
};

/** Our webhook for providers that call back when a request ends. */
export type ProviderWebhooks = {
  /** The URL a provider's deliveries go to. */
  urlFor(provider: ProviderName): string;
  /** How long a run polls a fresh request before it leaves it to the webhook (short jobs finish in one run). */
  holdMs: number;
};

/** One call to a hosted provider: who, whether it gave a result, and how long it took. */
export type ProviderCall = { provider: ProviderName; model: string; succeeded: boolean; transient: boolean; durationMs: number };

/**
 * Thrown by a remote engine that left its stored request to the provider's webhook: the job waits
 * "at the provider" holding no worker, and the run after the webhook (or a slow poll) resumes the request.
 */
export class AtProvider extends Error {
  override name = 'AtProvider';
  constructor(readonly request: ProviderRequest) {
    super(`left at ${request.provider} until its webhook`);
  }
}

/** The abort reason when the worker stops and hands the job to another run, which resumes its provider request. */
export class HandOver extends Error {
  override name = 'HandOver';
}

/**
 * The abort reason when the job was taken from this run: a user cancelled it or the sweeper took it back.
 * Whoever took it deals with its provider request (cancels it, or a next run resumes it), so the run leaves
 * the request alone, as on a hand-over.
 */
export class Released extends HandOver {
  override name = 'Released';
}

/**
 * One implementation of one AI service. Every service has a built-in engine that works offline
 * and a remote adapter for a hosted model API; configuration picks which one runs.
 */
export interface Engine<Params> {
  service: ServiceKey;
  kind: 'builtin' | 'remote';
  /** Shown in the UI so people know what produced the result. */
  label: string;
  /** The hosted provider and model of a remote engine. */
  provider?: { name: ProviderName; model: string };
  run(input: { params: Params; files: Record<string, EngineFile> }, context: EngineContext): Promise<EngineResult>;
  /** Reads the (already validated) params without running: built-in engines that can refuse a request have it. */
  read?(params: Params): Promise<EngineReading>;
}

/**
 * What a built-in engine makes of a request before running it (the same reading its run uses): shown
 * on the tool page as the user types, and a request with a refusal is not charged.
 */
export type EngineReading = {
  /** e.g. 'Will draw: red fox, snow, sunset'; null when refused. */
  headline: string | null;
  willMake: string[];
  leftOut: string[];
  refusal: { message: string; missing: string; suggestions: string[] } | null;
};

/** Thrown for input the engine cannot work with; the job fails with this message and is refunded. */
export class EngineInputError extends Error {}
