import { encodeWav } from '../sound-generator/wav.ts';
import { sendRequest } from './http-client.ts';
import type { HttpPolicy } from './http-client.ts';
import { deadlineMsOf } from './provider-deadlines.ts';

/** Raw 16-bit PCM rates (wrapped into WAV here) and MP3; pcm_44100 needs an ElevenLabs Pro plan. */
export const elevenLabsOutputFormats = ['pcm_16000', 'pcm_22050', 'pcm_24000', 'pcm_44100', 'pcm_48000', 'mp3_44100_128'] as const;
export type ElevenLabsOutputFormat = (typeof elevenLabsOutputFormats)[number];

export type ElevenLabsSettings = {
  apiKey: string;
  /** https://api.elevenlabs.io, or a compatible server. */
  baseUrl: string;
  outputFormat: ElevenLabsOutputFormat;
  http: HttpPolicy;
};

/** ElevenLabs' sound-effect model; longer than 30 s is refused. */
export const elevenLabsSoundModel = 'eleven_text_to_sound_v2';
export const elevenLabsMaxSeconds = 30;

/** Little-endian signed 16-bit mono samples as a WAV file. */
export function pcmToWav(pcm: Buffer, sampleRate: number): Buffer {
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let i = 0; i < samples.length; i += 1) samples[i] = pcm.readInt16LE(i * 2) / 32768;
  return encodeWav([samples], sampleRate);
}

/**
 * POST /v1/sound-generation (xi-api-key; text, duration_seconds, prompt_influence, model_id;
 * output_format in the query). The answer is the audio itself; raw PCM comes back as a WAV file.
 */
export async function generateSoundEffect(
  settings: ElevenLabsSettings,
  request: { text: string; durationSeconds: number; promptInfluence?: number },
  signal: AbortSignal,
): Promise<Buffer> {
  const answer = await sendRequest(
    {
      method: 'POST',
      url: `${settings.baseUrl}/v1/sound-generation?output_format=${settings.outputFormat}`,
      headers: { 'xi-api-key': settings.apiKey, Accept: '*/*' },
      json: {
        text: request.text,
        duration_seconds: Math.min(elevenLabsMaxSeconds, Math.max(0.5, request.durationSeconds)),
        prompt_influence: request.promptInfluence ?? 0.3,
        model_id: elevenLabsSoundModel,
      },
    },
    // The answer is the audio: the model's deadline (provider-deadlines.ts) is the time to answer.
    { ...settings.http, timeoutMs: Math.max(settings.http.timeoutMs, deadlineMsOf('elevenlabs', elevenLabsSoundModel)) },
    signal,
  );
  const pcm = /^pcm_(\d+)$/.exec(settings.outputFormat);
  return pcm ? pcmToWav(answer.body, Number(pcm[1])) : answer.body;
}
