import { describe, expect, it } from 'vitest';
import { AtProvider } from '../engine.ts';
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
    expect(circuits.isOpen('fal')).toBe(true);
    calls.length = 0;
    await engine.run({ params: {}, files: {} }, context());
    expect(calls).toEqual(['replicate']);
    now = 1001;
    calls.length = 0;
    await engine.run({ params: {}, files: {} }, context());
    expect(calls).toEqual(['fal']);
    expect(circuits.isOpen('fal')).toBe(false);
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
});
