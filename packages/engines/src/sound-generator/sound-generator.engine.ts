import { soundGeneratorParamsSchema, soundWaveformPoints } from '@lumen/core/services/sound-generator-params';
import type { SoundGeneratorParams, SoundGeneratorSummary } from '@lumen/core/services/sound-generator-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineFile, EngineResult } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { encodeMp3 } from '../media/ffmpeg.ts';
import { designFromPrompt, keyName } from './prompt-design.ts';
import { readSoundRequest } from './read-request.ts';
import { SAMPLE_RATE } from './stereo-bus.ts';
import { synthesize } from './synthesize.ts';
import { encodeWav, waveformPeaks } from './wav.ts';

const PREVIEW_SECONDS = 5;
const PREVIEW_RATE = 22_050;
const MP3_KBPS = 192;
const PREVIEW_KBPS = 64;

/**
 * Sound generation, built in: a synthesiser reads the prompt (sound words pick textures and
 * instruments, genre and mood words pick key, scale and tempo; the prompt's hash seeds the arrangement)
 * and renders 44.1 kHz stereo: the lossless 16-bit WAV first (the asked `format`, what a download of the
 * job gives), an MP3 beside it (192 kbps, the file the page plays and a post shares), a waveform summary
 * and a short mono MP3 preview.
 */
export const soundGeneratorEngine: Engine<SoundGeneratorParams> = {
  service: 'sound-generator',
  kind: 'builtin',
  label: builtinLabels['sound-generator'],
  read: async (params) => readSoundRequest(params),
  async run({ params }, context): Promise<EngineResult> {
    const parsed = soundGeneratorParamsSchema.safeParse(params);
    if (!parsed.success) throw new EngineInputError(parsed.error.issues[0]?.message ?? 'Invalid sound options');
    const { prompt, durationSeconds } = parsed.data;
    if (!/[\p{L}\p{N}]/u.test(prompt)) throw new EngineInputError('Describe the sound in words');
    // The same reading the page showed and the submission checked: nothing is played that was not asked for.
    const request = readSoundRequest({ prompt });
    if (request.refusal) throw new EngineInputError(request.refusal.message);

    const design = designFromPrompt(prompt);
    const { left, right } = synthesize(design, durationSeconds, context.onProgress, context.signal);
    const wav = encodeWav([left, right], SAMPLE_RATE);
    const [mp3, previewMp3] = await Promise.all([
      encodeMp3([left, right], SAMPLE_RATE, { bitrateKbps: MP3_KBPS, signal: context.signal }),
      encodeMp3([previewChannel(left, right)], PREVIEW_RATE, { bitrateKbps: PREVIEW_KBPS, signal: context.signal }),
    ]);
    const stem = fileStem(prompt);
    const preview: EngineFile = { name: `${stem}-preview.mp3`, contentType: 'audio/mpeg', data: previewMp3 };
    context.onProgress(1);

    const summary: SoundGeneratorSummary = {
      format: 'wav',
      sampleRate: SAMPLE_RATE,
      channels: 2,
      durationSeconds,
      peaks: waveformPeaks([left, right], soundWaveformPoints),
      design: {
        tempo: design.tempo,
        key: keyName(design),
        scale: design.scaleName,
        mood: design.mood,
        layers: design.layers,
        matchedWords: design.matchedWords,
      },
    };
    // Both files carry the preview: free-plan users hear only that, whichever file the page plays.
    return {
      files: [
        { kind: 'audio', name: `${stem}.wav`, contentType: 'audio/wav', data: wav, preview },
        { kind: 'audio', name: `${stem}.mp3`, contentType: 'audio/mpeg', data: mp3, preview },
      ],
      summary,
    };
  },
};

/** The first seconds in mono at half the sample rate (averaged pairs), faded out. */
function previewChannel(left: Float32Array, right: Float32Array): Float32Array {
  const frames = Math.min(Math.floor(left.length / 2), PREVIEW_SECONDS * PREVIEW_RATE);
  const out = new Float32Array(frames);
  const fade = Math.min(frames, Math.round(0.5 * PREVIEW_RATE));
  for (let i = 0; i < frames; i += 1) {
    const j = i * 2;
    const value = ((left[j] ?? 0) + (right[j] ?? 0) + (left[j + 1] ?? 0) + (right[j + 1] ?? 0)) / 4;
    out[i] = value * Math.min(1, (frames - 1 - i) / fade);
  }
  return out;
}

function fileStem(prompt: string): string {
  const stem = prompt
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return stem ? `sound-${stem}` : 'sound';
}
