import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { registryOf } from '@lumen/engines';
import type { AnyEngine, EngineRegistry, EngineResult } from '@lumen/engines';

/** A tiny valid PNG-like result (the bytes are not decoded by anyone). */
const resultOf = (service: ServiceKey): EngineResult => ({
  files: [
    {
      kind: 'image',
      name: `${service}-result.txt`,
      contentType: 'text/plain; charset=utf-8',
      data: Buffer.from(`result of ${service}\n`.repeat(100)),
      preview: { name: 'preview.txt', contentType: 'text/plain; charset=utf-8', data: Buffer.from('preview') },
    },
  ],
  summary: { fake: true },
});

/** Fake engines for tests and `LUMEN_TEST_ENGINE` in the worker process (NODE_ENV=test only). */
export function fakeEngine(service: ServiceKey, behaviour: { delayMs?: number; fail?: Error } = {}): AnyEngine {
  return {
    service,
    kind: 'builtin',
    label: 'Test engine',
    async run(_input, context) {
      const steps = 5;
      for (let step = 1; step <= steps; step += 1) {
        if (behaviour.delayMs) {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, (behaviour.delayMs ?? 0) / steps);
            context.signal.addEventListener(
              'abort',
              () => {
                clearTimeout(timer);
                reject(context.signal.reason as Error);
              },
              { once: true },
            );
          });
        }
        context.onProgress(step / steps);
      }
      if (behaviour.fail) throw behaviour.fail;
      return resultOf(service);
    },
  };
}

export function fakeRegistry(
  behaviour: { delayMs?: number; fail?: Error } = {},
  overrides: Partial<Record<ServiceKey, AnyEngine>> = {},
): EngineRegistry {
  const engines = Object.fromEntries(serviceKeys.map((service) => [service, overrides[service] ?? fakeEngine(service, behaviour)]));
  return registryOf(engines as Record<ServiceKey, AnyEngine>);
}
