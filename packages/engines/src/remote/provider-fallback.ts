import { AtProvider, HandOver } from '../engine.ts';
import { orderProviders } from '@lumen/core/services/providers';
import type { Engine, EngineContext } from '../engine.ts';
import type { ProviderName } from '@lumen/core/services/providers';

/**
 * Per-process circuit breakers, one per provider: after `failuresToOpen` transient failures in a
 * row a provider is skipped for `openForMs`; after that one call is let through, and its outcome
 * closes the circuit or opens it again.
 */
export type ProviderCircuits = {
  isOpen(provider: string): boolean;
  succeeded(provider: string): void;
  failed(provider: string): void;
};

export function createProviderCircuits(
  options: { failuresToOpen?: number; openForMs?: number; now?: () => number } = {},
): ProviderCircuits {
  const failuresToOpen = options.failuresToOpen ?? 3;
  const openForMs = options.openForMs ?? 60_000;
  const now = options.now ?? Date.now;
  const state = new Map<string, { failures: number; openUntil: number }>();
  return {
    isOpen(provider) {
      const circuit = state.get(provider);
      return circuit !== undefined && circuit.failures >= failuresToOpen && now() < circuit.openUntil;
    },
    succeeded(provider) {
      state.delete(provider);
    },
    failed(provider) {
      const failures = (state.get(provider)?.failures ?? 0) + 1;
      state.set(provider, { failures, openUntil: failures >= failuresToOpen ? now() + openForMs : 0 });
    },
  };
}

type Candidate<P> = { provider: ProviderName; engine: Engine<P> };

const isTransient = (error: unknown) => (error as { transient?: unknown } | null)?.transient === true;

/**
 * The order to try: the provider an earlier run of the job already submitted to comes first (its
 * request is resumed, not paid twice), then the admin's order (or the configured one) without providers
 * whose circuit is open; when every circuit is open, that order (a trial call is better than no call).
 */
function tryOrder<P>(configured: Candidate<P>[], circuits: ProviderCircuits, context: EngineContext): Candidate<P>[] {
  const candidates = orderProviders(
    configured.map(({ provider }) => provider),
    context.providerOrder,
  ).map((name) => configured.find(({ provider }) => provider === name)!);
  const resumed = context.requests?.existing?.provider;
  const closed = candidates.filter(({ provider }) => provider === resumed || !circuits.isOpen(provider));
  const order = closed.length > 0 ? closed : candidates;
  return [...order].sort((a, b) => Number(b.provider === resumed) - Number(a.provider === resumed));
}

/**
 * One engine over a service's providers in order: a transient failure (after the HTTP client's own
 * retries) or an open circuit moves the job to the next provider, but only before a provider accepted
 * the job's request: once one holds it (it reported the request, or an earlier run did), the job stays
 * with that request and its failure is the job's (the worker resumes the request on a retry). A rejected
 * input, a failed prediction or a create the provider did not confirm does not move either, since another
 * provider would charge for the same work. Every call is reported to the context (a worker handing the
 * job over is not the provider's failure).
 */
export function withProviderFallback<P>(candidates: Candidate<P>[], circuits: ProviderCircuits): Engine<P> {
  const [first] = candidates;
  if (!first) throw new Error('withProviderFallback needs at least one provider');
  return {
    ...first.engine,
    async run(input, context) {
      const order = tryOrder(candidates, circuits, context);
      let lastError: unknown;
      for (const { provider, engine } of order) {
        const startedAt = Date.now();
        const store = context.requests;
        let accepted = store?.existing?.provider === provider;
        const requests = store && {
          ...store,
          submitted: async (request: Parameters<typeof store.submitted>[0]) => {
            accepted = true;
            await store.submitted(request);
          },
        };
        const report = (succeeded: boolean, transient: boolean) =>
          context.onProviderCall?.({
            provider,
            model: engine.provider?.model ?? '',
            succeeded,
            transient,
            durationMs: Date.now() - startedAt,
          });
        try {
          const result = await engine.run(input, requests ? { ...context, requests } : context);
          circuits.succeeded(provider);
          report(true, false);
          return { ...result, provider: result.provider ?? engine.provider };
        } catch (error) {
          if (context.signal.reason instanceof HandOver || error instanceof AtProvider) throw error;
          const transient = context.signal.aborted || isTransient(error);
          report(false, transient);
          if (context.signal.aborted || !transient || accepted) throw error;
          circuits.failed(provider);
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
