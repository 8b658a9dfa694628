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

  it('follows tempo words and every common way of writing a tempo', () => {
    const tempo = (prompt: string) => designFromPrompt(prompt).tempo;
    expect(tempo('slow piano')).toBeLessThanOrEqual(72);
    expect(tempo('very slow strings')).toBeLessThanOrEqual(56);
    expect(tempo('fast piano')).toBeGreaterThanOrEqual(132);
    expect(tempo('very fast drums')).toBeGreaterThanOrEqual(155);
    expect(tempo('mid-tempo guitar')).toBeGreaterThanOrEqual(90);
    expect(tempo('mid-tempo guitar')).toBeLessThanOrEqual(110);
    // A tempo word beats the genre's and the mood's tempo.
    expect(tempo('slow techno')).toBeLessThanOrEqual(72);
    expect(tempo('a happy and slow melody')).toBeLessThanOrEqual(72);
    expect(tempo('piano at 120 bpm')).toBe(120);
    expect(tempo('piano 95bpm')).toBe(95);
    expect(tempo('drums, 140 beats per minute')).toBe(140);
    expect(tempo('bass with tempo 100')).toBe(100);
    expect(designFromPrompt('slow piano').matchedWords).toEqual(expect.arrayContaining(['slow', 'piano']));
  });

  it('plays a genre with its band, tempo and scale, and the mood words still count', () => {
    const jazz = designFromPrompt('smooth jazz');
    expect(jazz.layers).toEqual(expect.arrayContaining(['piano', 'bass', 'drums']));
    expect(jazz.scaleName).toBe('dorian');
    expect(jazz.tempo).toBeGreaterThanOrEqual(96);
    const techno = designFromPrompt('techno');
    expect(techno.tempo).toBeGreaterThanOrEqual(125);
    expect(techno.tempo).toBeLessThanOrEqual(135);
    expect(designFromPrompt('drum and bass').tempo).toBeGreaterThanOrEqual(165);
    expect(designFromPrompt('lofi hip hop beat').layers).toEqual(expect.arrayContaining(['drums', 'piano', 'bass']));
    expect(designFromPrompt('lofi hip hop beat').matchedWords).toEqual(expect.arrayContaining(['lofi', 'hip-hop']));
    expect(designFromPrompt('bossa nova').matchedWords).toContain('bossa nova');
    expect(designFromPrompt('sad blues').mood).toBe('sad');
    expect(designFromPrompt('dark ambient').mood).toBe('dark');
    expect(designFromPrompt('ambient').mood).toBe('calm');
    expect(designFromPrompt('a lullaby').tempo).toBeLessThanOrEqual(70);
  });

  it('plays the instruments the prompt names and leaves out the ones it refuses', () => {
    expect(designFromPrompt('acoustic guitar and cello').layers).toEqual(['pluck', 'strings']);
    expect(designFromPrompt('a church organ').layers).toEqual(['organ']);
    expect(designFromPrompt('saxophone solo').layers).toEqual(['brass']);
    expect(designFromPrompt('trumpet fanfare').layers).toEqual(['brass']);
    expect(designFromPrompt('marimba').layers).toEqual(['bells']);
    expect(designFromPrompt('clarinet').layers).toEqual(['flute']);
    expect(designFromPrompt('funk with slap bass and horns').layers).toEqual(expect.arrayContaining(['bass', 'brass', 'drums']));
    const noDrums = designFromPrompt('lofi hip hop without drums');
    expect(noDrums.layers).not.toContain('drums');
    expect(noDrums.layers).toEqual(expect.arrayContaining(['piano', 'bass']));
    expect(noDrums.matchedWords).toContain('without drums');
    expect(designFromPrompt('energetic music, no drums').layers).not.toContain('drums');
    expect(designFromPrompt('a storm without thunder').layers).toEqual(['rain', 'wind']);
    expect(designFromPrompt('no piano').layers.length).toBeGreaterThan(0);
    expect(designFromPrompt('no piano').layers).not.toContain('piano');
  });

  it('always designs something, the same for the same prompt', () => {
    const unknown = designFromPrompt('a cat walking across the room');
    expect(unknown.layers.length).toBeGreaterThan(0);
    expect(unknown.matchedWords).toEqual([]);
    expect(designFromPrompt('Soft  Piano')).toEqual(designFromPrompt('soft piano'));
    expect(promptSeed('soft piano')).not.toBe(promptSeed('soft pianos'));
  });
});
