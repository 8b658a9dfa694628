import { EventEmitter } from 'node:events';

/** In-process notices that a job changed (the worker and routes of one process); SSE also polls the database. */
/** Emitted when the app closes: open event streams end. */
export const JOB_EVENTS_SHUTDOWN = 'shutdown';

export type JobEvents = {
  emit(jobId: string): void;
  on(jobId: string, listener: () => void): () => void;
};

export function createJobEvents(): JobEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (jobId) => emitter.emit(jobId),
    on(jobId, listener) {
      emitter.on(jobId, listener);
      return () => emitter.off(jobId, listener);
    },
  };
}
