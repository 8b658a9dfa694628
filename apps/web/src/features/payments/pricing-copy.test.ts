// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contradictingPricingPhrases, pricingStory } from '@lumen/core/credits/pricing-story';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Everything a visitor or customer reads about pricing: the web app, the FAQ posts seeded on first start, the e-mails. */
const copySources = [
  ...sourceFiles(join(repoRoot, 'apps/web/src')),
  join(repoRoot, 'apps/web/index.html'),
  join(repoRoot, 'apps/server/src/modules/blog/seed-posts.ts'),
  ...sourceFiles(join(repoRoot, 'apps/server/src/modules/mail')),
];

describe('the pricing story', () => {
  it('is told the same way everywhere: no copy contradicts one-time packages plus optional monthly plans', () => {
    expect(copySources.length).toBeGreaterThan(100);
    const contradictions = copySources.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          contradictingPricingPhrases
            .filter((phrase) => phrase.test(line))
            .map(() => `${relative(repoRoot, file)}:${index + 1}: ${line.trim()}`),
        ),
    );
    expect(contradictions).toEqual([]);
  });

  it('the phrase list catches what the old copy said', () => {
    const oldCopy = [
      'One-time credit packages, no subscription. Start free, top up when you need more.',
      'No subscription to cancel, no unused seats.',
      'Credits are one-time purchases and never expire.',
      'all paid with simple one-time credits.',
    ];
    for (const line of oldCopy) expect(contradictingPricingPhrases.some((phrase) => phrase.test(line))).toBe(true);
    for (const line of Object.values(pricingStory)) expect(contradictingPricingPhrases.some((phrase) => phrase.test(line))).toBe(false);
  });
});
