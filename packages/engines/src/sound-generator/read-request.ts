import type { SoundGeneratorParams } from '@lumen/core/services/sound-generator-params';
import type { EngineReading } from '../engine.ts';
import { musicLayers } from './layers.ts';
import type { Layer } from './layers.ts';
import { designFromPrompt, designWords, namesPlayable } from './prompt-design.ts';
import type { SoundDesign } from './prompt-design.ts';
import { moodWords } from './prompt-words.ts';

/** The layers as the page names them. */
export const layerNames: Record<Layer, string> = {
  rain: 'rain',
  ocean: 'ocean waves',
  wind: 'wind',
  fire: 'crackling fire',
  birds: 'birdsong',
  stream: 'stream',
  crickets: 'crickets',
  thunder: 'thunder',
  drone: 'drone',
  pad: 'synth pad',
  strings: 'strings',
  piano: 'piano',
  bells: 'bells',
  pluck: 'guitar',
  flute: 'flute',
  organ: 'organ',
  brass: 'brass',
  bass: 'bass',
  drums: 'drums',
};

/**
 * Sound effects: single events (a door, footsteps, a gunshot) the synthesiser has no voice for. It plays
 * music and ambient textures (rain, waves, wind, fire, birds), not events.
 */
const effectWords = new Set(
  `
  door doors creak creaking creaks creaky squeak squeaking squeaky footstep footsteps steps knock knocking knocks
  gunshot gunshots gun guns shot shots explosion explosions explode exploding blast scream screams screaming shout
  shouting yell yelling bark barking barks meow meowing purr purring growl growling roar roaring howl howling neigh
  moo engine engines horn horns honk honking siren sirens alarm alarms ringing doorbell phone telephone ringtone
  typing click clicks clicking applause clapping clap claps cheering cheer crowd laugh laughing laughter glass
  breaking shatter shattering crash crashing bang banging slam slamming splash splashing whoosh swoosh beep beeps
  beeping buzzer buzzing ticking tick tock zipper cough coughing sneeze chewing snoring heartbeat punch punches
  sword swords thud crunch crunching traffic car cars motorcycle helicopter airplane plane voice speech talking
  whisper whispering sigh kiss
  `
    .trim()
    .split(/\s+/),
);

/**
 * Voices and instruments people ask for that the synthesiser has no voice for, not even a near one (the
 * near ones, a sitar played as a guitar, are in `layerWords`). Named first, they are what the prompt asks
 * for, and it is refused; named after something it plays, they are left out and the page says so.
 */
const noVoiceWords = new Set(
  `
  vocal vocals vocalist vocalists singing singer singers sing sings sung lyrics lyric rapping rapper rappers
  opera aria arias acapella a-cappella yodel yodeling yodelling beatbox beatboxing humming chant chanting
  bagpipe bagpipes didgeridoo theremin kazoo steelpan turntable turntables scratching
  `
    .trim()
    .split(/\s+/),
);

/** What the synthesiser can make, for a refused prompt. */
const canPlay = ['lo-fi', 'piano', 'ambient pad', 'jazz', 'rain', 'ocean waves', 'crackling fire', 'birdsong'];

export const soundEffectsMessage = `The built-in sound generator makes music, not sound effects; it can play: ${canPlay.join(', ')}, …`;
export const noVoiceMessage = (word: string) =>
  `The built-in sound generator has no voice or instrument for “${word}”; it plays instrumental music and ambient sound: ${canPlay.join(', ')}, …`;
export const nothingToPlayMessage = `The built-in sound generator found nothing in this prompt it can play; it can play: ${canPlay.join(', ')}, …`;

const wordsOf = (prompt: string) => prompt.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];

/** What the sound will be, as the page lists it: genre, mood, layers, tempo ('lo-fi, piano, drums, bass, 80 bpm'). */
export function designItems(design: SoundDesign): string[] {
  const moodNamed = design.matchedWords.some((word) => moodWords[word] !== undefined);
  return [
    ...(design.genre ? [design.genre] : []),
    ...(moodNamed && !design.genre ? [design.mood] : []),
    ...design.layers.map((layer) => layerNames[layer]),
    // A texture alone (rain, waves) has no beat to speak of.
    ...(design.layers.some((layer) => (musicLayers as readonly string[]).includes(layer)) ? [`${design.tempo} bpm`] : []),
  ];
}

/**
 * What the built-in synthesiser will play for these params, free and without playing: the page shows it
 * as the user types, and a prompt it can make nothing of (sound effects, or no word it knows) is refused
 * before it is charged. The job reads the prompt with the same designFromPrompt.
 */
export function readSoundRequest(params: Pick<SoundGeneratorParams, 'prompt'>): EngineReading {
  const design = designFromPrompt(params.prompt);
  const effects = [...new Set(wordsOf(params.prompt).filter((word) => effectWords.has(word)))];
  // The first thing the prompt names is what it asks for: a voice the synthesiser lacks there is refused.
  const words = designWords(params.prompt);
  const main = words.find((word) => noVoiceWords.has(word) || namesPlayable(word));
  const noVoice = [...new Set(words.filter((word) => noVoiceWords.has(word)))];
  if (main !== undefined && noVoiceWords.has(main)) {
    return {
      headline: null,
      willMake: [],
      leftOut: [...noVoice, ...effects],
      refusal: { message: noVoiceMessage(main), missing: main, suggestions: canPlay },
    };
  }
  if (design.matchedWords.length === 0) {
    const missing = effects.length > 0 ? 'sound effects' : 'music it knows';
    return {
      headline: null,
      willMake: [],
      leftOut: effects,
      refusal: { message: effects.length > 0 ? soundEffectsMessage : nothingToPlayMessage, missing, suggestions: canPlay },
    };
  }
  const willMake = designItems(design);
  return { headline: `Will play: ${willMake.join(', ')}`, willMake, leftOut: [...noVoice, ...effects], refusal: null };
}
