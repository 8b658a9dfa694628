import { describe, expect, it } from 'vitest';
import { orderProviders } from '../services/providers.ts';
import { platformSettingsSchema } from './platform-settings.ts';

describe('the providers’ order in the platform settings', () => {
  const parse = (providerOrder: unknown) => platformSettingsSchema.safeParse({ providerOrder });

  it('accepts an order of providers that offer the service, and defaults to none', () => {
    expect(platformSettingsSchema.parse({}).providerOrder).toEqual({});
    expect(parse({ 'image-generator': ['openai', 'fal'] }).success).toBe(true);
  });

  it('refuses a provider that does not offer the service, one named twice, and an unknown name, saying which', () => {
    expect(parse({ speedpainting: ['elevenlabs'] }).error?.issues[0]?.message).toBe('ElevenLabs does not offer Speed Painting Video');
    expect(parse({ 'sales-pilot': ['openai', 'openai'] }).error?.issues[0]?.message).toBe(
      'Name each provider of Sales Pilot Analysis once',
    );
    expect(parse({ 'image-generator': ['midjourney'] }).success).toBe(false);
    expect(parse({ 'no-such-service': ['fal'] }).success).toBe(false);
  });
});

describe('orderProviders', () => {
  it('puts the admin’s configured choices first, skips the ones not configured, and keeps the rest in their order', () => {
    expect(orderProviders(['fal', 'replicate', 'openai'], ['openai', 'elevenlabs'])).toEqual(['openai', 'fal', 'replicate']);
    expect(orderProviders(['fal', 'replicate'])).toEqual(['fal', 'replicate']);
    expect(orderProviders([], ['fal'])).toEqual([]);
  });
});
