import { AtProvider, HandOver } from '../engine.ts';
import { BudgetExhausted } from '../provider-budget.ts';
import { orderProviders } from '@lumen/core/services/providers';
import type { Engine, EngineContext } from '../engine.ts';
import type { ProviderName } from '@lumen/core/services/providers';

/** One provider's breaker as every process sharing it sees it (the admin's providers page, metrics). */
export type CircuitState = {
  provider: ProviderName;
  /** Transient failures in a row. */
  failures: number;
  /** Calls are held back (a trial call may be under way once the open period passed). */
  open: boolean;
  openUntil: string | null;
  lastFailureAt: string | null;
  lastSuccessAt: string | null;
};

/**
 * Circuit breakers, one per provider: after `failuresToOpen` transient failures in a row a provider is skipped for
 * `openForMs`; after that one caller is let through (a trial call, claimed by one process only), and its outcome
 * closes the circuit or opens it again. Shared across processes in Redis or PostgreSQL (the server's
 * provider-circuits.ts); `createProviderCircuits` keeps them in this process.
 */
export type ProviderCircuits = {
  isOpen(provider: ProviderName): Promise<boolean>;
  succeeded(provider: ProviderName): Promise<void>;
  failed(provider: ProviderName): Promise<void>;
  states(): Promise<CircuitState[]>;
};

export type CircuitOptions = { failuresToOpen?: number; openForMs?: number };
export const defaultCircuitOptions = { failuresToOpen: 3, openForMs: 60_000 } as const;

/** Breakers kept in this process only (tests, a single process without a shared store). */
export function createProviderCircuits(options: CircuitOptions & { now?: () => number } = {}): ProviderCircuits {
  const { failuresToOpen, openForMs } = { ...defaultCircuitOptions, ...options };
  const now = options.now ?? Date.now;
  type Circuit = { failures: number; openUntil: number; trialUntil: number; lastFailureAt: number | null; lastSuccessAt: number | null };
  const state = new Map<ProviderName, Circuit>();
  const circuitOf = (provider: ProviderName): Circuit =>
    state.get(provider) ?? { failures: 0, openUntil: 0, trialUntil: 0, lastFailureAt: null, lastSuccessAt: null };
  const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  return {
    async isOpen(provider) {
      const circuit = circuitOf(provider);
      if (circuit.failures < failuresToOpen) return false;
      const time = now();
      if (time < circuit.openUntil || time < circuit.trialUntil) return true;
      state.set(provider, { ...circuit, trialUntil: time + openForMs });
      return false;
    },
    async succeeded(provider) {
      state.set(provider, { ...circuitOf(provider), failures: 0, openUntil: 0, trialUntil: 0, lastSuccessAt: now() });
    },
    async failed(provider) {
      const circuit = circuitOf(provider);
      const failures = circuit.failures + 1;
      const time = now();
      const openUntil = failures >= failuresToOpen ? time + openForMs : 0;
      state.set(provider, { ...circuit, failures, openUntil, trialUntil: 0, lastFailureAt: time });
    },
    async states() {
      return [...state.entries()].map(([provider, circuit]) => ({
        provider,
        failures: circuit.failures,
        open: circuit.failures >= failuresToOpen,
        openUntil: circuit.failures >= failuresToOpen ? iso(circuit.openUntil) : null,
        lastFailureAt: iso(circuit.lastFailureAt),
        lastSuccessAt: iso(circuit.lastSuccessAt),
      }));
    },
  };
}

type Candidate<P> = { provider: ProviderName; engine: Engine<P> };

const isTransient = (error: unknown) => (error as { transient?: unknown } | null)?.transient === true;

/** A breaker whose store cannot be reached does not stop jobs: it reads as closed and its updates are dropped. */
const closedOnError = (promise: Promise<boolean>) => promise.catch(() => false);
const ignoreErrors = (promise: Promise<void>) => promise.catch(() => undefined);

/**
 * The order to try: the provider an earlier run of the job already submitted to comes first (its
 * request is resumed, not paid twice), then the admin's order (or the configured one) without providers
 * whose circuit is open; when every circuit is open, that order (a trial call is better than no call).
 */
async function tryOrder<P>(configured: Candidate<P>[], circuits: ProviderCircuits, context: EngineContext): Promise<Candidate<P>[]> {
  const candidates = orderProviders(
    configured.map(({ provider }) => provider),
    context.providerOrder,
  ).map((name) => configured.find(({ provider }) => provider === name)!);
  const resumed = context.requests?.existing?.provider;
  const open = await Promise.all(candidates.map(({ provider }) => provider !== resumed && closedOnError(circuits.isOpen(provider))));
  const closed = candidates.filter((_, index) => !open[index]);
  const order = closed.length > 0 ? closed : candidates;
  return [...order].sort((a, b) => Number(b.provider === resumed) - Number(a.provider === resumed));
}

/**
 * Whether a failed call may have been billed although no request was reported: a create the provider did not
 * confirm, or an answer it billed (its cost travels on the error). Its budget reservation is then kept for the
 * worker to settle rather than given back.
 */
const mayHaveBilled = (error: unknown) => {
  const failure = error as { unconfirmed?: unknown; costMicroUsd?: unknown } | null;
  return failure?.unconfirmed === true || typeof failure?.costMicroUsd === 'number';
};

/**
 * One engine over a service's providers in order: a transient failure (after the HTTP client's own
 * retries) or an open circuit moves the job to the next provider, but only before a provider accepted
 * the job's request: once one holds it (it reported the request, or an earlier run did), the job stays
 * with that request and its failure is the job's (the worker resumes the request on a retry). A rejected
 * input, a failed prediction or a create the provider did not confirm does not move either, since another
 * provider would charge for the same work. Every call is reported to the context (a worker handing the
 * job over is not the provider's failure). With a budget in the context, each provider's expected cost is
 * reserved before it is sent the request (not when resuming one): a provider whose own budget is used up is
 * passed over, the day's budget used up ends the run; a call the provider never took gives its reservation back.
 */
export function withProviderFallback<P>(candidates: Candidate<P>[], circuits: ProviderCircuits): Engine<P> {
  const [first] = candidates;
  if (!first) throw new Error('withProviderFallback needs at least one provider');
  return {
    ...first.engine,
    async run(input, context) {
      const order = await tryOrder(candidates, circuits, context);
      let lastError: unknown;
      for (const { provider, engine } of order) {
        const store = context.requests;
        let accepted = store?.existing?.provider === provider;
        if (!accepted && context.budget) {
          try {
            await context.budget.reserve(provider, engine.provider?.model ?? '');
          } catch (error) {
            if (!(error instanceof BudgetExhausted) || error.scope === 'total') throw error;
            lastError = error;
            continue;
          }
        }
        const reserved = !accepted && context.budget !== undefined;
        const startedAt = Date.now();
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
          await ignoreErrors(circuits.succeeded(provider));
          report(true, false);
          return { ...result, provider: result.provider ?? engine.provider };
        } catch (error) {
          if (reserved && !accepted && !mayHaveBilled(error)) await ignoreErrors(context.budget!.release(provider));
          if (context.signal.reason instanceof HandOver || error instanceof AtProvider) throw error;
          const transient = context.signal.aborted || isTransient(error);
          report(false, transient);
          if (context.signal.aborted || !transient || accepted) throw error;
          await ignoreErrors(circuits.failed(provider));
          lastError = error;
        }
      }
      throw lastError;
    },
  };
}
