import { describe, expect, it } from 'vitest';
import { designFromPrompt, keyName, promptSeed } from './prompt-design.ts';

describe('sound design from a prompt', () => {
  it('turns sound words into layers and keeps a texture alone unless music is asked for', () => {
    expect(designFromPrompt('gentle rain on a window').layers).toEqual(['rain']);
    expect(designFromPrompt('ocean waves').layers).toEqual(['ocean']);
    expect(designFromPrompt('a thunderstorm').layers).toEqual(expect.arrayContaining(['rain', 'thunder']));
    expect(designFromPrompt('rain with calm music').layers).toEqual(expect.arrayContaining(['rain']));
    expect(designFromPrompt('rain with calm music').layers.length).toBeGreaterThan(1);
    expect(designFromPrompt('solo piano').layers).toEqual(['piano']);
    expect(designFromPrompt('drum beat with bass').layers).toEqual(expect.arrayContaining(['drums', 'bass']));
  });

  it('reads mood, tempo words, bpm and key', () => {
    const calm = designFromPrompt('calm relaxing pads');
    const energetic = designFromPrompt('energetic synth');
    expect(calm.mood).toBe('calm');
    expect(calm.tempo).toBeLessThanOrEqual(76);
    expect(energetic.mood).toBe('energetic');
    expect(energetic.tempo).toBeGreaterThanOrEqual(120);
    expect(designFromPrompt('sad piano').scaleName).toBe('minor');
    expect(designFromPrompt('house track at 124 bpm').tempo).toBe(124);
    const inD = designFromPrompt('happy bells in D minor');
    expect(keyName(inD)).toBe('D minor');
    expect(inD.matchedWords).toEqual(expect.arrayContaining(['happy', 'bells']));
  });

  it('always designs something, the same for the same prompt', () => {
    const unknown = designFromPrompt('a cat walking across the room');
    expect(unknown.layers.length).toBeGreaterThan(0);
    expect(unknown.matchedWords).toEqual([]);
    expect(designFromPrompt('Soft  Piano')).toEqual(designFromPrompt('soft piano'));
    expect(promptSeed('soft piano')).not.toBe(promptSeed('soft pianos'));
  });
});
