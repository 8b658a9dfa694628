// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as exampleInputs from './example-inputs.ts';
import { exampleEngineLabels } from './example-inputs.ts';
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
