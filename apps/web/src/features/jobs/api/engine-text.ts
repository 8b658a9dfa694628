import type { ServiceEngine } from './job-types.ts';

/** What a hosted engine runs, as one phrase: the model and its provider when the server names them. */
export function hostedModelText(engine: ServiceEngine): string {
  return engine.provider && engine.model ? `${engine.model} on ${engine.provider}` : engine.label;
}
