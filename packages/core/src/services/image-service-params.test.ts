import { describe, expect, it } from 'vitest';
import { aiBackgroundParamsSchema } from './ai-background-params.ts';
import { imageGeneratorParamsSchema } from './image-generator-params.ts';
import { virtualTryOnParamsSchema } from './virtual-try-on-params.ts';

describe('AI service params schemas', () => {
  it('ai-background: a colour for colour mode, a preset 1..10 for preset mode', () => {
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'transparent' }).success).toBe(true);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'color', color: '#12abEF' }).success).toBe(true);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'color' }).error?.issues[0]?.path).toEqual(['color']);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'color', color: 'red' }).success).toBe(false);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'preset', preset: 10 }).success).toBe(true);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'preset', preset: 11 }).success).toBe(false);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'preset' }).success).toBe(false);
    expect(aiBackgroundParamsSchema.safeParse({ mode: 'upload' }).success).toBe(true);
  });

  it('image-generator: prompt 1..1000 characters, 1..4 images, defaults applied', () => {
    expect(imageGeneratorParamsSchema.parse({ prompt: ' a red fox ' })).toEqual({
      prompt: 'a red fox',
      aspectRatio: '1:1',
      style: 'abstract',
      numberOfImages: 1,
    });
    expect(imageGeneratorParamsSchema.safeParse({ prompt: '   ' }).success).toBe(false);
    expect(imageGeneratorParamsSchema.safeParse({ prompt: 'x'.repeat(1001) }).success).toBe(false);
    expect(imageGeneratorParamsSchema.safeParse({ prompt: 'x', numberOfImages: 5 }).success).toBe(false);
    expect(imageGeneratorParamsSchema.safeParse({ prompt: 'x', aspectRatio: '2:1' }).success).toBe(false);
    expect(imageGeneratorParamsSchema.safeParse({ prompt: 'x', seed: -1 }).success).toBe(false);
  });

  it('virtual-try-on: a category and consent that is literally true', () => {
    expect(virtualTryOnParamsSchema.safeParse({ category: 'dress', consentToLikeness: true }).success).toBe(true);
    const refused = virtualTryOnParamsSchema.safeParse({ category: 'dress', consentToLikeness: 'true' });
    expect(refused.error?.issues[0]?.message).toMatch(/likeness/);
    expect(virtualTryOnParamsSchema.safeParse({ category: 'hat', consentToLikeness: true }).success).toBe(false);
  });
});
