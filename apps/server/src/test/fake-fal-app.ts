import sharp from 'sharp';
import { builtinEnginesConfig } from '@lumen/engines';
import type { EnginesConfig } from '@lumen/engines';
import { falSigningKeys, serveFal, startFakeServer } from '@lumen/engines/testing';
import type { FakeFalEndpoint, FakeServer } from '@lumen/engines/testing';

export const FAL_KEY = 'fal-test-key:secret';
/** The model the image generator runs on fal in these tests. */
export const FAL_IMAGE_MODEL = 'fal-ai/flux/schnell';

/** Engines with the image generator on a fake fal (and fal's other default models), no retries. */
export function falEnginesConfig(fal: FakeServer, extra: Partial<EnginesConfig> = {}): EnginesConfig {
  return {
    ...builtinEnginesConfig,
    kinds: { ...builtinEnginesConfig.kinds, 'image-generator': 'remote' },
    providers: { 'image-generator': ['fal'] },
    fal: {
      apiKey: FAL_KEY,
      queueUrl: fal.url,
      jwksUrl: `${fal.url}/.well-known/jwks.json`,
      models: {
        'ai-background': 'fal-ai/birefnet/v2',
        'image-generator': FAL_IMAGE_MODEL,
        'virtual-try-on': 'fal-ai/fashn/tryon/v1.6',
        speedpainting: 'fal-ai/kling-video/v2.1/pro/image-to-video',
        'sound-generator': 'fal-ai/elevenlabs/sound-effects/v2',
      },
    },
    requestTimeoutMs: 2000,
    retries: 0,
    ...extra,
  };
}

/** Replicate settings with a model for every media service, at `baseUrl` (a fake, or an address no test reaches). */
export function replicateSettings(baseUrl: string, apiToken = 'r8_test') {
  return {
    apiToken,
    baseUrl,
    models: {
      'ai-background': 'bria/remove-background',
      'image-generator': 'black-forest-labs/flux-schnell',
      'virtual-try-on': 'owner/try-on',
      speedpainting: 'owner/video',
      'sound-generator': 'owner/sound',
    },
  };
}

/**
 * A fake fal serving the image model (one PNG result; `endpoint.endless` keeps requests running) and
 * its webhook signing keys, with the requests it got.
 */
export async function startFakeFal() {
  const server = await startFakeServer();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0502a' } })
    .png()
    .toBuffer();
  const endpoint: FakeFalEndpoint = { output: { images: [{ url: `${server.url}/files/fox.png`, content_type: 'image/png' }], seed: 7 } };
  const keys = falSigningKeys();
  const { handler } = serveFal(server, {
    key: FAL_KEY,
    endpoints: { [FAL_IMAGE_MODEL]: endpoint },
    files: { 'fox.png': png },
    jwks: keys.jwks,
  });
  return {
    server,
    /** fal's protocol, for a test that puts its own handler in front (server.handle). */
    handler,
    endpoint,
    signingKey: keys.privateKey,
    submissions: () => server.requests.filter((request) => request.method === 'POST' && request.path.startsWith(`/${FAL_IMAGE_MODEL}`)),
    cancels: () => server.requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/cancel')),
  };
}
