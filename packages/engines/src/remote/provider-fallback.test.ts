import { describe, expect, it } from 'vitest';
import { AtProvider } from '../engine.ts';
import { BudgetExhausted } from '../provider-budget.ts';
import type { ProviderBudget } from '../provider-budget.ts';
import type { Engine, EngineContext, ProviderCall } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { createProviderCircuits, withProviderFallback } from './provider-fallback.ts';
import type { ProviderName } from './provider-catalogue.ts';

type Outcome = 'ok' | 'transient' | 'rejected' | 'at-provider' | 'accepted-then-transient';

/** An engine whose runs answer the given outcomes in turn, recording each call. */
function scripted(provider: ProviderName, outcomes: Outcome[], calls: string[]): Engine<unknown> {
  return {
    service: 'image-generator',
    kind: 'remote',
    label: provider,
    provider: { name: provider, model: `${provider}-model` },
    async run(_input, context) {
      calls.push(provider);
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome === 'accepted-then-transient') {
        await context.requests?.submitted({ provider, model: `${provider}-model`, requestId: 'r-accepted' });
        throw new ProviderError(`${provider} status read failed`, { transient: true, provider });
      }
      if (outcome === 'ok') return { files: [] };
      if (outcome === 'at-provider') throw new AtProvider({ provider, model: `${provider}-model`, requestId: 'r-1' });
      throw new ProviderError(`${provider} ${outcome}`, { transient: outcome === 'transient', provider });
    },
  };
}

const context = (existingProvider?: ProviderName): EngineContext => ({
  signal: new AbortController().signal,
  onProgress: () => {},
  requests: existingProvider
    ? { existing: { provider: existingProvider, model: 'm', requestId: 'r' }, submitted: async () => {}, ended: async () => {} }
    : undefined,
});

describe('provider fallback', () => {
  it('tries the providers in the admin’s order, skipping ones not configured, then the configured ones it left out', async () => {
    const calls: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['transient'], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['transient'], calls) },
        { provider: 'openai', engine: scripted('openai', ['ok'], calls) },
      ],
      createProviderCircuits(),
    );
    const result = await engine.run({ params: {}, files: {} }, { ...context(), providerOrder: ['elevenlabs', 'replicate'] });
    expect(calls).toEqual(['replicate', 'fal', 'openai']);
    expect(result.provider).toEqual({ name: 'openai', model: 'openai-model' });
  });

  it('keeps a job whose request was left to the webhook on its provider: no next provider, no failure counted', async () => {
    const calls: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['at-provider'], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['ok'], calls) },
      ],
      createProviderCircuits(),
    );
    const reported: ProviderCall[] = [];
    const run = engine.run({ params: {}, files: {} }, { ...context(), onProviderCall: (call) => reported.push(call) });
    await expect(run).rejects.toBeInstanceOf(AtProvider);
    expect(calls).toEqual(['fal']);
    expect(reported).toEqual([]);
  });

  it('moves a job to the next provider on a transient failure and says which provider made the result', async () => {
    const calls: string[] = [];
    const circuits = createProviderCircuits();
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['transient'], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['ok'], calls) },
      ],
      circuits,
    );
    const reported: ProviderCall[] = [];
    const result = await engine.run({ params: {}, files: {} }, { ...context(), onProviderCall: (call) => reported.push(call) });
    expect(calls).toEqual(['fal', 'replicate']);
    expect(result.provider).toEqual({ name: 'replicate', model: 'replicate-model' });
    // Both calls count for the providers' health, the failed one as transient.
    expect(reported.map(({ provider, model, succeeded, transient }) => ({ provider, model, succeeded, transient }))).toEqual([
      { provider: 'fal', model: 'fal-model', succeeded: false, transient: true },
      { provider: 'replicate', model: 'replicate-model', succeeded: true, transient: false },
    ]);
  });

  it('never moves a job a provider accepted: its transient failure is the job’s (resumed on a retry), not the next provider’s', async () => {
    const calls: string[] = [];
    const stored: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['accepted-then-transient'], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['ok'], calls) },
      ],
      createProviderCircuits(),
    );
    const requests = {
      existing: null,
      submitted: async (r: { requestId: string }) => void stored.push(r.requestId),
      ended: async () => {},
    };
    await expect(engine.run({ params: {}, files: {} }, { ...context(), requests })).rejects.toThrow('fal status read failed');
    expect(calls).toEqual(['fal']);
    expect(stored).toEqual(['r-accepted']);
    // A resumed request's provider failing for now does not move the job either.
    calls.length = 0;
    const resumed = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', [], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['transient'], calls) },
      ],
      createProviderCircuits(),
    );
    await expect(resumed.run({ params: {}, files: {} }, context('replicate'))).rejects.toThrow('replicate transient');
    expect(calls).toEqual(['replicate']);
  });

  it('does not hop on a refused input: another provider would charge for the same refusal', async () => {
    const calls: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['rejected'], calls) },
        { provider: 'replicate', engine: scripted('replicate', [], calls) },
      ],
      createProviderCircuits(),
    );
    await expect(engine.run({ params: {}, files: {} }, context())).rejects.toThrow('fal rejected');
    expect(calls).toEqual(['fal']);
  });

  it('skips a provider whose circuit is open after failures in a row, and tries it again once the circuit closes', async () => {
    let now = 0;
    const calls: string[] = [];
    const circuits = createProviderCircuits({ failuresToOpen: 2, openForMs: 1000, now: () => now });
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['transient', 'transient', 'ok'], calls) },
        { provider: 'replicate', engine: scripted('replicate', [], calls) },
      ],
      circuits,
    );
    await engine.run({ params: {}, files: {} }, context());
    await engine.run({ params: {}, files: {} }, context());
    expect(await circuits.isOpen('fal')).toBe(true);
    calls.length = 0;
    await engine.run({ params: {}, files: {} }, context());
    expect(calls).toEqual(['replicate']);
    now = 1001;
    calls.length = 0;
    await engine.run({ params: {}, files: {} }, context());
    expect(calls).toEqual(['fal']);
    expect(await circuits.isOpen('fal')).toBe(false);
  });

  it('resumes on the provider that already holds the job’s request, even after others in the order', async () => {
    const calls: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', [], calls) },
        { provider: 'replicate', engine: scripted('replicate', [], calls) },
      ],
      createProviderCircuits(),
    );
    await engine.run({ params: {}, files: {} }, context('replicate'));
    expect(calls).toEqual(['replicate']);
  });

  it('fails with the last provider’s error when every provider failed', async () => {
    const calls: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['transient'], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['transient'], calls) },
      ],
      createProviderCircuits(),
    );
    const failure = await engine.run({ params: {}, files: {} }, context()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toBe('replicate transient');
  });

  it('lets one trial call through once the open period passed; its failure opens the circuit again', async () => {
    let now = 0;
    const circuits = createProviderCircuits({ failuresToOpen: 1, openForMs: 1000, now: () => now });
    await circuits.failed('fal');
    expect(await circuits.isOpen('fal')).toBe(true);
    now = 1001;
    expect(await circuits.isOpen('fal')).toBe(false);
    // A second caller during the trial still finds it open.
    expect(await circuits.isOpen('fal')).toBe(true);
    await circuits.failed('fal');
    now = 1500;
    expect(await circuits.isOpen('fal')).toBe(true);
    expect(await circuits.states()).toEqual([expect.objectContaining({ provider: 'fal', failures: 2, open: true })]);
  });
});

describe('the provider budget in the fallback', () => {
  /** A budget that refuses the named scopes and records every reservation and release. */
  const budget = (refuse: Partial<Record<string, 'total' | ProviderName>>, log: string[]): ProviderBudget => ({
    async reserve(provider, model) {
      const scope = refuse[provider];
      if (scope) throw new BudgetExhausted(`no budget for ${scope}`, scope);
      log.push(`reserve ${provider} ${model}`);
    },
    async release(provider) {
      log.push(`release ${provider}`);
    },
  });

  it('reserves before each provider is sent the request and gives back what a provider never took', async () => {
    const calls: string[] = [];
    const log: string[] = [];
    const engine = withProviderFallback(
      [
        { provider: 'fal', engine: scripted('fal', ['transient'], calls) },
        { provider: 'replicate', engine: scripted('replicate', ['ok'], calls) },
      ],
      createProviderCircuits(),
    );
    await engine.run({ params: {}, files: {} }, { ...context(), budget: budget({}, log) });
    expect(calls).toEqual(['fal', 'replicate']);
    // The successful run keeps its reservation: the worker settles it to the run's cost.
    expect(log).toEqual(['reserve fal fal-model', 'release fal', 'reserve replicate replicate-model']);
  });

  it('passes over a provider whose own budget is used up, and sends nothing once the day’s budget is', async () => {
    const calls: string[] = [];
    const log: string[] = [];
    const engines = [
      { provider: 'fal' as const, engine: scripted('fal', [], calls) },
      { provider: 'replicate' as const, engine: scripted('replicate', [], calls) },
    ];
    await withProviderFallback(engines, createProviderCircuits()).run(
      { params: {}, files: {} },
      { ...context(), budget: budget({ fal: 'fal' }, log) },
    );
    expect(calls).toEqual(['replicate']);
    const refused = await withProviderFallback(engines, createProviderCircuits())
      .run({ params: {}, files: {} }, { ...context(), budget: budget({ fal: 'total' }, log) })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BudgetExhausted);
    expect(calls).toEqual(['replicate']);
  });

  it('keeps the reservation of a call the provider may have billed, and does not reserve again for a resumed request', async () => {
    const calls: string[] = [];
    const log: string[] = [];
    const unconfirmed: Engine<unknown> = {
      ...scripted('fal', [], calls),
      async run() {
        throw new ProviderError('fal did not confirm', { transient: false, provider: 'fal', unconfirmed: true });
      },
    };
    await expect(
      withProviderFallback([{ provider: 'fal', engine: unconfirmed }], createProviderCircuits()).run(
        { params: {}, files: {} },
        { ...context(), budget: budget({}, log) },
      ),
    ).rejects.toThrow('fal did not confirm');
    expect(log).toEqual(['reserve fal fal-model']);
    log.length = 0;
    await withProviderFallback([{ provider: 'fal', engine: scripted('fal', [], calls) }], createProviderCircuits()).run(
      { params: {}, files: {} },
      { ...context('fal'), budget: budget({}, log) },
    );
    expect(log).toEqual([]);
  });
});
