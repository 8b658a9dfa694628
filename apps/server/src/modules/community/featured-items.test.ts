import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { featuredItems } from './featured-posts.ts';

type Manifest = { services: Record<string, { files: Record<string, { role: string; params?: Record<string, unknown> }> }> };

const manifest = JSON.parse(readFileSync(new URL('../../../../web/public/examples/manifest.json', import.meta.url), 'utf8')) as Manifest;

describe('the featured community posts', () => {
  it('are the examples of the product pages: each is an output in the examples manifest, made with the same params', () => {
    for (const item of featuredItems) {
      const outputs = Object.values(manifest.services[item.service]?.files ?? {}).filter((file) => file.role === 'output');
      expect(
        outputs.some((file) => isDeepStrictEqual(file.params, item.params)),
        `${item.title}: ${JSON.stringify(item.params)}`,
      ).toBe(true);
    }
    // Every image example of the manifest is featured, so the gallery shows what the product pages show.
    const images = Object.values(manifest.services['image-generator']!.files).filter((file) => file.role === 'output');
    expect(featuredItems.filter((item) => item.service === 'image-generator')).toHaveLength(images.length);
  });
});
