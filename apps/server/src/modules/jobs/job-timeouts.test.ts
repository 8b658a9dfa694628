import { describe, expect, it } from 'vitest';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { ProviderName } from '@lumen/core/services/providers';
import { deadlineMsOf } from '@lumen/engines';
import { HOSTED_RESULT_MARGIN_MS, hostedTimeoutsOf, jobTimeoutMs, serviceDefinitions } from './service-catalogue.ts';

const MINUTE = 60_000;
const chains = (chain: Partial<Record<ServiceKey, { name: ProviderName; model: string }[]>>) => ({
  providersOf: (service: ServiceKey) => chain[service] ?? [],
});

describe('how long a job may take', () => {
  it('on hosted providers: the slowest configured model’s deadline plus time to fetch the result, never under the catalogue’s', () => {
    const hosted = hostedTimeoutsOf(
      chains({
        speedpainting: [
          { name: 'fal', model: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video' },
          { name: 'replicate', model: 'minimax/video-01' },
        ],
        'image-generator': [{ name: 'fal', model: 'fal-ai/flux/schnell' }],
      }),
    );
    // minimax/video-01 renders for minutes: its 30-minute deadline holds the job, not the catalogue's 15.
    expect(deadlineMsOf('replicate', 'minimax/video-01')).toBe(30 * MINUTE);
    expect(hosted.speedpainting).toBe(30 * MINUTE + HOSTED_RESULT_MARGIN_MS);
    // FLUX schnell answers in seconds: the catalogue's deadline stays.
    expect(hosted['image-generator']).toBe(serviceDefinitions['image-generator'].hostedTimeoutMs);
    // A service with no hosted provider keeps the catalogue's.
    expect(hosted['sales-pilot']).toBe(serviceDefinitions['sales-pilot'].hostedTimeoutMs);
  });

  it('a built-in run has the engine’s timeout, a hosted one its hosted deadline, and an option overrides both', () => {
    const timeouts = { hostedMs: hostedTimeoutsOf(chains({ speedpainting: [{ name: 'replicate', model: 'minimax/video-01' }] })) };
    expect(jobTimeoutMs(timeouts, 'speedpainting', 'builtin')).toBe(serviceDefinitions.speedpainting.timeoutMs);
    expect(jobTimeoutMs(timeouts, 'speedpainting', 'remote')).toBe(30 * MINUTE + HOSTED_RESULT_MARGIN_MS);
    expect(jobTimeoutMs({ ...timeouts, overrides: { speedpainting: 1000 } }, 'speedpainting', 'remote')).toBe(1000);
    expect(jobTimeoutMs(undefined, 'speedpainting', 'remote')).toBe(serviceDefinitions.speedpainting.hostedTimeoutMs);
  });
});
