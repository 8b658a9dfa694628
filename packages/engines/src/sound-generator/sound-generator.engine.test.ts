import { describe, expect, it } from 'vitest';
import { soundGeneratorSummarySchema } from '@lumen/core/services/sound-generator-params';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import { EngineInputError } from '../engine.ts';
import type { EngineResult } from '../engine.ts';
import { soundGeneratorEngine } from './sound-generator.engine.ts';
import { readWav } from './wav.ts';

const context = () => ({ signal: new AbortController().signal, onProgress: () => undefined });
const generate = (prompt: string, durationSeconds = 2): Promise<EngineResult> =>
  soundGeneratorEngine.run({ params: { prompt, durationSeconds, format: 'wav' }, files: {} }, context());

function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / samples.length);
}

/** Sign changes per sample: noisy, bright sounds cross zero far more often than deep ones. */
function zeroCrossingRate(samples: Int16Array, channels: number): number {
  let crossings = 0;
  for (let i = channels; i < samples.length; i += channels) if (samples[i]! >= 0 !== samples[i - channels]! >= 0) crossings += 1;
  return crossings / (samples.length / channels);
}

describe('sound-generator built-in engine', () => {
  it('writes a 44.1 kHz 16-bit stereo WAV of the asked length, not silent, with waveform and preview', async () => {
    const result = await generate('calm piano with soft rain', 3);
    expect(soundGeneratorEngine).toMatchObject({ service: 'sound-generator', kind: 'builtin' });
    const [audio] = result.files;
    expect(audio).toMatchObject({ kind: 'audio', contentType: 'audio/wav', name: 'sound-calm-piano-with-soft-rain.wav' });
    expect(audio!.data.toString('latin1', 0, 4)).toBe('RIFF');
    expect(audio!.data.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    const wav = readWav(audio!.data);
    expect(wav).toMatchObject({ channels: 2, sampleRate: 44_100, bitsPerSample: 16, frames: 3 * 44_100 });
    expect(rms(wav.samples)).toBeGreaterThan(0.03);
    // Mastered to -1 dBFS: the loudest sample is about 0.89 of full scale, never clipped.
    const peak = wav.samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0) / 32767;
    expect(peak).toBeGreaterThan(0.85);
    expect(peak).toBeLessThan(0.9);

    const preview = readWav(audio!.preview!.data);
    expect(preview).toMatchObject({ channels: 1, sampleRate: 22_050 });
    expect(preview.frames).toBeLessThanOrEqual(5 * 22_050);

    const summary = soundGeneratorSummarySchema.parse(result.summary);
    expect(summary.peaks).toHaveLength(200);
    expect(Math.max(...summary.peaks)).toBeGreaterThan(0.5);
    expect(summary.design.layers).toEqual(expect.arrayContaining(['piano', 'rain']));
    expect(summary).toMatchObject({ durationSeconds: 3, sampleRate: 44_100, channels: 2, format: 'wav' });
  });

  it('is deterministic for a prompt and different for another', async () => {
    const [a, b, c] = await Promise.all([generate('ocean waves at dusk'), generate('ocean waves at dusk'), generate('energetic drums')]);
    expect(a.files[0]!.data.equals(b.files[0]!.data)).toBe(true);
    expect(a.files[0]!.data.equals(c.files[0]!.data)).toBe(false);
  });

  it('makes rain sound brighter than a deep ocean swell', async () => {
    const rain = readWav((await generate('rain')).files[0]!.data);
    const ocean = readWav((await generate('ocean')).files[0]!.data);
    expect(zeroCrossingRate(rain.samples, 2)).toBeGreaterThan(3 * zeroCrossingRate(ocean.samples, 2));
  });

  it.each([
    ['an empty prompt', { prompt: '   ', durationSeconds: 2, format: 'wav' }],
    ['punctuation only', { prompt: '?!…', durationSeconds: 2, format: 'wav' }],
    ['a prompt over 500 characters', { prompt: 'rain '.repeat(101), durationSeconds: 2, format: 'wav' }],
    ['31 seconds', { prompt: 'rain', durationSeconds: 31, format: 'wav' }],
    ['mp3 (not offered)', { prompt: 'rain', durationSeconds: 2, format: 'mp3' }],
  ])('refuses %s with an EngineInputError', async (_label, params) => {
    await expect(soundGeneratorEngine.run({ params: params as SoundGeneratorParams, files: {} }, context())).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });
});
