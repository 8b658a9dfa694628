import { describe, expect, it } from 'vitest';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { lazyEngine } from './builtin-engines.ts';
import { builtinLabels } from './builtin-labels.ts';
import { samplePlainText } from './sales-pilot/test-transcripts.ts';
import type { Engine, EngineContext } from './engine.ts';
import { builtinEngines } from './registry.ts';

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });

describe('built-in engines loaded on first use', () => {
  it('names every service without loading its engine, with the label the engine itself reports', async () => {
    const loaded = {
      'ai-background': (await import('./ai-background/ai-background.engine.ts')).aiBackgroundEngine,
      'image-generator': (await import('./image-generator/image-generator.engine.ts')).imageGeneratorEngine,
      'virtual-try-on': (await import('./virtual-try-on/virtual-try-on.engine.ts')).virtualTryOnEngine,
      speedpainting: (await import('./speedpainting/speedpainting.engine.ts')).speedpaintingEngine,
      'sales-pilot': (await import('./sales-pilot/sales-pilot.engine.ts')).salesPilotEngine,
      'sound-generator': (await import('./sound-generator/sound-generator.engine.ts')).soundGeneratorEngine,
    } satisfies Record<ServiceKey, Engine<never>>;
    for (const [service, engine] of Object.entries(builtinEngines) as [ServiceKey, Engine<unknown>][]) {
      expect(engine, service).toMatchObject({ service, kind: 'builtin', label: builtinLabels[service] });
      expect(loaded[service], service).toMatchObject({ service, kind: 'builtin', label: builtinLabels[service] });
    }
  });

  it('runs the loaded engine, loads it once, and tries a failed load again on the next run', async () => {
    let loads = 0;
    const real: Engine<{ n: number }> = {
      service: 'sales-pilot',
      kind: 'builtin',
      label: 'real',
      run: async ({ params }) => ({ files: [], summary: params.n }),
    };
    const engine = lazyEngine<{ n: number }>('sales-pilot', async () => {
      loads += 1;
      if (loads === 1) throw new Error('not yet');
      return real;
    });
    await expect(engine.run({ params: { n: 1 }, files: {} }, context())).rejects.toThrow('not yet');
    expect(await engine.run({ params: { n: 2 }, files: {} }, context())).toEqual({ files: [], summary: 2 });
    expect(await engine.run({ params: { n: 3 }, files: {} }, context())).toEqual({ files: [], summary: 3 });
    expect(loads).toBe(2);
  });

  it('runs a built-in engine through its lazy stand-in', async () => {
    const result = await builtinEngines['sales-pilot'].run({ params: { text: samplePlainText, language: 'en' }, files: {} }, context());
    expect(result.files.length).toBeGreaterThan(0);
  });
});
