// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as exampleInputs from './example-inputs.ts';
import {
  aiBackgroundExample,
  exampleEngineLabels,
  imageGeneratorExamples,
  soundGeneratorExample,
  speedpaintingExample,
  virtualTryOnExample,
} from './example-inputs.ts';
import type { ExamplesManifest } from './examples-manifest.ts';

const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));
const manifest = JSON.parse(readFileSync(`${publicDir}/examples/manifest.json`, 'utf8')) as ExamplesManifest;

/** Every /examples/... path the pages use, collected from the exported example descriptions. */
function examplePaths(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/examples/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(examplePaths);
  if (value && typeof value === 'object') return Object.values(value).flatMap(examplePaths);
  return [];
}

const listed = new Map(
  Object.entries(manifest.services).flatMap(([service, entry]) =>
    Object.entries(entry.files).map(([path, file]) => [path, { service, ...file }] as const),
  ),
);

describe('the examples on the product pages, the home page and the videos page', () => {
  it('were all written by the examples script, which lists them by service with the engine that made them', () => {
    expect(manifest.generatedBy).toBe('apps/web/scripts/make-examples.ts');
    const used = examplePaths(exampleInputs);
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((path) => !listed.has(path))).toEqual([]);
    for (const [service, label] of Object.entries(exampleEngineLabels)) {
      expect(manifest.services[service]?.engine, service).toBe(label);
      const outputs = Object.values(manifest.services[service]!.files).filter((file) => file.role === 'output');
      expect(outputs.length, `${service} has outputs`).toBeGreaterThan(0);
    }
  });

  it('are unchanged since the script wrote them', () => {
    for (const [path, file] of listed) {
      const onDisk = `${publicDir}${path}`;
      expect(existsSync(onDisk), path).toBe(true);
      expect(createHash('sha256').update(readFileSync(onDisk)).digest('hex'), path).toBe(file.sha256);
    }
  });

  it('are in the folder of the service the manifest lists them under, with the size it records', async () => {
    const folders: Record<string, string> = { speedpainting: 'speed-painting' };
    for (const [path, file] of listed) {
      expect(path.split('/')[2], path).toBe(folders[file.service] ?? file.service);
      if (!/\.(webp|jpg|png)$/.test(path)) continue;
      const { width, height } = await sharp(`${publicDir}${path}`).metadata();
      expect({ width, height }, path).toEqual({ width: file.width, height: file.height });
    }
  });

  it('were made from the inputs the pages caption them with (prompt, style, preset, garment category)', () => {
    const paramsOf = (path: string) => listed.get(path)?.params;
    for (const example of imageGeneratorExamples) {
      expect(paramsOf(example.file), example.file).toEqual({
        prompt: example.prompt,
        style: example.style,
        aspectRatio: example.aspectRatio,
        numberOfImages: 1,
      });
    }
    expect(paramsOf(soundGeneratorExample.audio)).toMatchObject({
      prompt: soundGeneratorExample.prompt,
      durationSeconds: soundGeneratorExample.durationSeconds,
    });
    expect(paramsOf(aiBackgroundExample.after)).toEqual({ mode: 'preset', preset: aiBackgroundExample.preset });
    expect(paramsOf(aiBackgroundExample.colorAfter)).toEqual({ mode: 'color', color: aiBackgroundExample.color });
    expect(paramsOf(speedpaintingExample.video)).toMatchObject({ style: speedpaintingExample.style, resolution: '480p' });
    expect(paramsOf(virtualTryOnExample.after)).toMatchObject({ category: virtualTryOnExample.category });
    // Every output says what it was made from.
    for (const [path, file] of listed) {
      if (file.role === 'output' && file.service !== 'sales-pilot' && !path.endsWith('.json')) expect(file.params, path).toBeDefined();
    }
  });

  it('show the try-on on a photo and a garment of the starter catalogue, sized as the pages say', () => {
    const tryOn = manifest.services['virtual-try-on']!;
    expect(tryOn.inputs[0]).toMatchObject({ licence: 'Unsplash License' });
    expect(tryOn.inputs[0]!.source).toContain(`seed-photos/${virtualTryOnExample.catalogue.photo}`);
    expect(tryOn.inputs[1]!.description).toContain(virtualTryOnExample.catalogue.garment);
    const after = tryOn.files[virtualTryOnExample.after]!;
    expect({ width: after.width, height: after.height }).toEqual({ width: virtualTryOnExample.width, height: virtualTryOnExample.height });
  });

  it("name every input's source and licence", () => {
    for (const [service, entry] of Object.entries(manifest.services)) {
      expect(entry.inputs.length, service).toBeGreaterThan(0);
      for (const input of entry.inputs) {
        expect(input.description.length, service).toBeGreaterThan(5);
        expect(input.source.length, service).toBeGreaterThan(5);
        expect(input.licence.length, service).toBeGreaterThan(5);
      }
    }
  });
});
