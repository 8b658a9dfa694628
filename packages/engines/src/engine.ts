import type { ServiceKey } from '@lumen/core/services/catalogue';

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
};

export type EngineContext = {
  /** Aborted when the job times out or the worker shuts down; engines stop promptly. */
  signal: AbortSignal;
  /** Progress from 0 to 1, for the live job status. */
  onProgress(fraction: number): void;
};

/**
 * One implementation of one AI service. Every service has a built-in engine that works offline
 * and a remote adapter for a hosted model API; configuration picks which one runs.
 */
export interface Engine<Params> {
  service: ServiceKey;
  kind: 'builtin' | 'remote';
  /** Shown in the UI so people know what produced the result. */
  label: string;
  run(input: { params: Params; files: Record<string, EngineFile> }, context: EngineContext): Promise<EngineResult>;
}

/** Thrown for input the engine cannot work with; the job fails with this message and is refunded. */
export class EngineInputError extends Error {}
