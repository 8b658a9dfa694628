import { describe, expect, it } from 'vitest';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext } from '../engine.ts';
import { textureLayers, musicLayers } from './layers.ts';
import { designFromPrompt } from './prompt-design.ts';
import { genres, layerWords } from './prompt-words.ts';
import { layerNames, noVoiceMessage, readSoundRequest, soundEffectsMessage } from './read-request.ts';
import { synthesize } from './synthesize.ts';
import { soundGeneratorEngine } from './sound-generator.engine.ts';

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });

describe('the sound generator says what it will play before it plays', () => {
  it('lists genre, instruments and tempo, as the job then plays them', () => {
    const reading = readSoundRequest({ prompt: 'lo-fi piano at 80 bpm' });
    expect(reading.refusal).toBeNull();
    expect(reading.headline).toBe('Will play: lo-fi, drums, piano, bass, 80 bpm');
    const design = designFromPrompt('lo-fi piano at 80 bpm');
    expect(design.tempo).toBe(80);
    expect(design.layers).toEqual(['drums', 'piano', 'bass']);
  });

  it('names a mood it heard, and gives no tempo to a texture alone', () => {
    expect(readSoundRequest({ prompt: 'sad piano' }).willMake.slice(0, 2)).toEqual(['sad', 'piano']);
    expect(readSoundRequest({ prompt: 'ocean waves' }).willMake).toEqual(['ocean waves']);
  });

  it('refuses sound effects, and a prompt with nothing it can play, saying what it can play', () => {
    const door = readSoundRequest({ prompt: 'a wooden door creaking open, then footsteps on a stone floor' });
    expect(door.headline).toBeNull();
    expect(door.refusal?.message).toBe(soundEffectsMessage);
    expect(door.refusal?.message).toMatch(/^The built-in sound generator makes music, not sound effects; it can play: lo-fi, piano/);
    expect(door.leftOut).toEqual(['door', 'creaking', 'footsteps']);
    // A piece of music named by its use is music: an intro gets an ensemble.
    expect(readSoundRequest({ prompt: 'something for my podcast intro' }).refusal).toBeNull();
    const nothing = readSoundRequest({ prompt: 'something nice for later' });
    expect(nothing.refusal?.message).toMatch(/found nothing in this prompt it can play/);
  });

  it('plays what it can and lists the sound effects it leaves out', () => {
    const reading = readSoundRequest({ prompt: 'rain and footsteps' });
    expect(reading.refusal).toBeNull();
    expect(reading.willMake).toEqual(['rain']);
    expect(reading.leftOut).toEqual(['footsteps']);
  });

  it('the job refuses what the reading refuses, whatever route submitted it', async () => {
    const params = soundGeneratorParamsSchema.parse({ prompt: 'a gunshot and a scream', durationSeconds: 2 });
    await expect(soundGeneratorEngine.run({ params, files: {} }, context())).rejects.toThrow(EngineInputError);
    await expect(soundGeneratorEngine.run({ params, files: {} }, context())).rejects.toThrow(soundEffectsMessage);
    expect(await soundGeneratorEngine.read!(params)).toEqual(readSoundRequest(params));
  });

  it('refuses a voice or instrument it has none of when the prompt asks for it first, and lists it as left out after music', () => {
    for (const prompt of ['bagpipe music', 'a sad song with a singer', 'opera']) {
      const reading = readSoundRequest({ prompt });
      expect(reading.headline, prompt).toBeNull();
      expect(reading.refusal?.message).toBe(noVoiceMessage(reading.refusal!.missing));
    }
    expect(readSoundRequest({ prompt: 'bagpipe music' }).refusal?.message).toMatch(
      /^The built-in sound generator has no voice or instrument for “bagpipe”/,
    );
    const rap = readSoundRequest({ prompt: 'lo fi beats with vocals' });
    expect(rap.refusal).toBeNull();
    expect(rap.headline).toMatch(/^Will play: lo-fi, drums/);
    expect(rap.leftOut).toEqual(['vocals']);
  });
});

/** What the preview accepts, the synthesiser plays: every word it knows, and every layer it names, is heard. */
describe('everything the sound preview accepts is played', () => {
  const rms = (left: Float32Array) => Math.sqrt(left.reduce((sum, v) => sum + v * v, 0) / left.length);

  it('every sound, instrument and genre word puts its layers in the design the job plays, and the preview names them', () => {
    const words = [...Object.keys(layerWords), ...Object.keys(genres)];
    for (const word of words) {
      const reading = readSoundRequest({ prompt: `${word} music` });
      expect(reading.refusal, word).toBeNull();
      const design = designFromPrompt(`${word} music`);
      for (const layer of layerWords[word] ?? genres[word]!.layers) {
        expect(design.layers, word).toContain(layer);
        expect(reading.willMake, word).toContain(layerNames[layer]);
      }
    }
  });

  it('every layer the preview can name is heard on its own', { timeout: 120_000 }, () => {
    const design = designFromPrompt('calm piano');
    // Four seconds (two bars at a calm tempo): a sparse layer such as bells may rest for its first notes.
    for (const layer of [...textureLayers, ...musicLayers]) {
      const { left } = synthesize({ ...design, layers: [layer] }, 4);
      expect(rms(left), layer).toBeGreaterThan(0.01);
    }
  });
});
