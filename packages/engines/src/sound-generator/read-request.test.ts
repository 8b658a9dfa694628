import { describe, expect, it } from 'vitest';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext } from '../engine.ts';
import { designFromPrompt } from './prompt-design.ts';
import { readSoundRequest, soundEffectsMessage } from './read-request.ts';
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
});
