import { soundWaveformPoints } from '@lumen/core/services/sound-generator-params';
import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { EngineResult } from '../engine.ts';
import { encodeAudioPreviewMp3 } from '../media/ffmpeg.ts';
import { readWav, waveformPeaks } from '../sound-generator/wav.ts';
import { toResultFile } from './output-file.ts';

const PREVIEW_SECONDS = 5;
const PREVIEW_KBPS = 64;

/** 'Rain on a tin roof' → 'sound-rain-on-a-tin-roof' (at most 40 characters after 'sound-'). */
export function soundStem(prompt: string): string {
  const slug = prompt
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug ? `sound-${slug}` : 'sound';
}

/**
 * A hosted model's audio as the job's result: checked by its bytes, named after the prompt, with a
 * preview like the built-in engine's (the first seconds in mono MP3, whatever the provider sent) and
 * the waveform when it is a 16-bit WAV.
 */
export async function soundResult(
  data: Buffer,
  params: SoundGeneratorParams,
  provider: string,
  summary: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<EngineResult> {
  const audio = await toResultFile(data, 'audio', soundStem(params.prompt), provider);
  const preview = await encodeAudioPreviewMp3(audio.data, { seconds: PREVIEW_SECONDS, bitrateKbps: PREVIEW_KBPS, signal });
  const name = audio.name.replace(/\.[a-z0-9]+$/, '');
  return {
    files: [{ ...audio, preview: { name: `${name}-preview.mp3`, contentType: 'audio/mpeg', data: preview } }],
    summary: { ...wavSummary(audio.data), ...summary },
  };
}

/** Length and waveform peaks of a 16-bit PCM WAV, for the audio player; nothing for other formats. */
export function wavSummary(data: Buffer): { sampleRate?: number; channels?: number; durationSeconds?: number; peaks?: number[] } {
  try {
    const wav = readWav(data);
    if (wav.bitsPerSample !== 16 || wav.channels < 1 || wav.frames < 1) return {};
    const channels = Array.from({ length: wav.channels }, (_, c) => {
      const channel = new Float32Array(Math.floor(wav.frames));
      for (let i = 0; i < channel.length; i += 1) channel[i] = wav.samples[i * wav.channels + c]! / 32768;
      return channel;
    });
    return {
      sampleRate: wav.sampleRate,
      channels: wav.channels,
      durationSeconds: Math.round((wav.frames / wav.sampleRate) * 1000) / 1000,
      peaks: waveformPeaks(channels, soundWaveformPoints),
    };
  } catch {
    return {};
  }
}
