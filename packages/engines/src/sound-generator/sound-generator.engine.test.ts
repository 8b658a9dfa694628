import { describe, expect, it } from 'vitest';
import { soundGeneratorSummarySchema } from '@lumen/core/services/sound-generator-params';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import { EngineInputError } from '../engine.ts';
import type { EngineResult } from '../engine.ts';
import { decodeAudio } from '../media/decode.ts';
import { readMp3 } from '../media/mp3-reader.ts';
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

/** Drum hits heard: rises of the low-passed loudness (10 ms windows) at least 80 ms apart. */
function lowOnsets(samples: Int16Array): number {
  const window = 441;
  let low = 0;
  const envelope: number[] = [];
  for (let start = 0; start + window <= samples.length / 2; start += window) {
    let energy = 0;
    for (let i = start; i < start + window; i += 1) {
      low += 0.02 * ((samples[i * 2]! + samples[i * 2 + 1]!) / 65536 - low);
      energy += low * low;
    }
    envelope.push(Math.sqrt(energy / window));
  }
  const loudest = Math.max(...envelope);
  let count = 0;
  let last = -100;
  for (let i = 1; i < envelope.length; i += 1) {
    if (envelope[i]! > 0.3 * loudest && envelope[i]! > 1.5 * envelope[i - 1]! && i - last > 8) {
      count += 1;
      last = i;
    }
  }
  return count;
}

describe('sound-generator built-in engine', () => {
  it('writes the asked 44.1 kHz 16-bit stereo WAV first and a 192 kbps stereo MP3 second, of the asked length, not silent, with waveform and an MP3 preview', async () => {
    const result = await generate('calm piano with soft rain', 3);
    expect(soundGeneratorEngine).toMatchObject({ service: 'sound-generator', kind: 'builtin' });
    // The WAV (format: 'wav') is the first file: what GET /jobs/{id}/download and the SDK's downloadOutput(job) give.
    const [audio, mp3] = result.files;
    expect(result.files).toHaveLength(2);
    expect(mp3).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg', name: 'sound-calm-piano-with-soft-rain.mp3' });
    expect(readMp3(mp3!.data)).toMatchObject({ version: 'MPEG-1', layer: 3, bitrateKbps: 192, sampleRate: 44_100, channels: 2 });
    expect(readMp3(mp3!.data).durationSeconds).toBeCloseTo(3, 2);
    // The MP3 is the same music: it decodes to samples close to the WAV's.
    const decoded = decodeAudio(mp3!.data, 2);
    let power = 0;
    for (const value of decoded) power += value * value;
    expect(Math.sqrt(power / decoded.length)).toBeGreaterThan(0.03);
    expect(mp3!.data.length).toBeLessThan(audio!.data.length / 5);

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

    for (const file of [mp3, audio])
      expect(file!.preview).toMatchObject({ contentType: 'audio/mpeg', name: 'sound-calm-piano-with-soft-rain-preview.mp3' });
    const preview = readMp3(audio!.preview!.data);
    expect(preview).toMatchObject({ channels: 1, sampleRate: 22_050, bitrateKbps: 64 });
    // The first 5 s at most: all of this 3 s sound.
    expect(preview.durationSeconds).toBeCloseTo(3, 2);

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

  it.each([
    ['a church organ', 'organ'],
    ['trumpet fanfare', 'brass'],
    ['smooth saxophone', 'brass'],
  ])('plays the instrument named in "%s"', async (prompt, layer) => {
    const result = await generate(prompt, 2);
    expect((result.summary as { design: { layers: string[] } }).design.layers).toEqual([layer]);
    expect(rms(readWav(result.files[0]!.data).samples)).toBeGreaterThan(0.05);
  });

  it('plays at the tempo the prompt asks for', async () => {
    for (const [prompt, bpm] of [
      ['drums at 90 bpm', 90],
      ['drums at 150 bpm', 150],
    ] as const) {
      const result = await generate(prompt, 6);
      expect((result.summary as { design: { tempo: number } }).design.tempo).toBe(bpm);
      // One kick a beat: 6 s at 90 bpm is 9 hits, at 150 bpm 15.
      expect(lowOnsets(readWav(result.files[0]!.data).samples)).toBeCloseTo((6 * bpm) / 60, -0.5);
    }
    const slow = lowOnsets(readWav((await generate('slow drums', 6)).files[0]!.data).samples);
    const fast = lowOnsets(readWav((await generate('fast drums', 6)).files[0]!.data).samples);
    expect(fast).toBeGreaterThan(slow * 1.6);
  });

  it('stops when the job is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job timed out'));
    const run = soundGeneratorEngine.run(
      { params: { prompt: 'rain', durationSeconds: 2, format: 'wav' }, files: {} },
      { signal: controller.signal, onProgress: () => undefined },
    );
    await expect(run).rejects.toThrow('job timed out');
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
    ['a format other than wav (the MP3 always comes beside the WAV)', { prompt: 'rain', durationSeconds: 2, format: 'mp3' }],
  ])('refuses %s with an EngineInputError', async (_label, params) => {
    await expect(soundGeneratorEngine.run({ params: params as SoundGeneratorParams, files: {} }, context())).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });
});
