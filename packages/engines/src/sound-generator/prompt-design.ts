import { seededRandom } from '../speedpainting/seeded-random.ts';
import { genres, layerWords, moodWords, tempoWords } from './prompt-words.ts';
import type { Genre } from './prompt-words.ts';
import { moods, musicLayers } from './layers.ts';
import type { Layer, Mood } from './layers.ts';

/** What the synthesiser will make of a prompt. */
export type SoundDesign = {
  seed: number;
  mood: Mood;
  tempo: number;
  /** MIDI note of the key's root in octave 4 (60 = C4). */
  root: number;
  scaleName: string;
  /** Semitones of the scale from the root, ascending. */
  scale: readonly number[];
  /** Chord roots as scale degrees (0-based), one per bar, repeated. */
  progression: readonly number[];
  /** 0 (still) .. 1 (driving): note density and drums. */
  energy: number;
  layers: Layer[];
  /** The genre the prompt named ('jazz', 'lo-fi'), if any. */
  genre?: string;
  matchedWords: string[];
};

const musicWords = new Set([
  'music',
  'song',
  'melody',
  'tune',
  'soundtrack',
  'track',
  'jingle',
  'loop',
  'intro',
  'outro',
  'theme',
  'anthem',
  'ballad',
  'score',
  'instrumental',
]);

const scales: Record<string, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
};

const moodSettings: Record<Mood, { scales: string[]; tempo: [number, number]; energy: number; progressions: number[][] }> = {
  calm: {
    scales: ['major', 'lydian'],
    tempo: [60, 76],
    energy: 0.2,
    progressions: [
      [0, 4, 5, 3],
      [0, 3, 0, 4],
    ],
  },
  happy: {
    scales: ['major'],
    tempo: [100, 120],
    energy: 0.6,
    progressions: [
      [0, 3, 4, 0],
      [0, 5, 3, 4],
    ],
  },
  sad: {
    scales: ['minor'],
    tempo: [60, 80],
    energy: 0.3,
    progressions: [
      [0, 5, 2, 6],
      [0, 3, 5, 4],
    ],
  },
  dark: {
    scales: ['phrygian', 'minor'],
    tempo: [70, 90],
    energy: 0.45,
    progressions: [
      [0, 1, 0, 6],
      [0, 5, 3, 4],
    ],
  },
  energetic: {
    scales: ['minor', 'dorian'],
    tempo: [122, 138],
    energy: 0.9,
    progressions: [
      [0, 5, 2, 6],
      [0, 6, 5, 6],
    ],
  },
  dreamy: {
    scales: ['lydian', 'major'],
    tempo: [70, 90],
    energy: 0.35,
    progressions: [
      [0, 1, 3, 0],
      [0, 4, 1, 3],
    ],
  },
};

const noteNames = ['c', 'c#', 'd', 'd#', 'e', 'f', 'f#', 'g', 'g#', 'a', 'a#', 'b'];
const flats: Record<string, string> = { db: 'c#', eb: 'd#', gb: 'f#', ab: 'g#', bb: 'a#' };

/** FNV-1a of the normalised prompt: the same prompt always makes the same sound. */
export function promptSeed(prompt: string): number {
  let hash = 0x811c9dc5;
  for (const char of normalise(prompt)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function normalise(prompt: string): string {
  return prompt.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Small ensembles for a prompt that names a mood but no instrument. */
const ensembles: Record<Mood, Layer[][]> = {
  calm: [
    ['pad', 'bells'],
    ['pad', 'piano'],
  ],
  happy: [
    ['piano', 'bass', 'pluck'],
    ['pluck', 'bells', 'bass'],
  ],
  sad: [
    ['piano', 'strings'],
    ['strings', 'pad'],
  ],
  dark: [
    ['drone', 'strings'],
    ['pad', 'bass', 'drone'],
  ],
  energetic: [
    ['drums', 'bass', 'pad'],
    ['drums', 'bass', 'pluck'],
  ],
  dreamy: [
    ['pad', 'bells'],
    ['pad', 'flute'],
  ],
};

/** Phrases of several words that name a genre ('drum and bass') or an instrument ('hi hat'), as one word. */
const phrases: [RegExp, string][] = [
  [/\bdrum (?:and|&|n|'n') bass\b/g, 'drum-and-bass'],
  [/\bhip hop\b/g, 'hip-hop'],
  [/\blo fi\b/g, 'lo-fi'],
  [/\bbossa nova\b/g, 'bossa-nova'],
  [/\br ?& ?b\b|\brnb\b/g, 'r-and-b'],
  [/\b8[- ]bit\b/g, 'chiptune'],
  [/\bhi hats?\b/g, 'hi-hat'],
];
const phraseGenres: Record<string, string> = { 'drum-and-bass': 'drum and bass', 'bossa-nova': 'bossa nova', 'r-and-b': 'r&b' };

/** The prompt as the design reads it: lower case, phrases of several words joined ('lo fi' → 'lo-fi'). */
function designText(prompt: string): string {
  let text = normalise(prompt);
  for (const [pattern, word] of phrases) text = text.replace(pattern, word);
  return text;
}

const wordsOfText = (text: string): string[] => text.match(/[a-z][a-z'&-]*/g) ?? [];

/** The prompt's words as the design reads them, in order. */
export const designWords = (prompt: string): string[] => wordsOfText(designText(prompt));

/** Whether a word (as `designWords` gives it) names something the synthesiser plays: a sound, an instrument or a genre. */
export const namesPlayable = (word: string): boolean =>
  layerWords[word] !== undefined || layerWords[singularOf(word)] !== undefined || genres[phraseGenres[word] ?? word] !== undefined;

const NEGATION = /\b(?:no|without|minus|except)\s+(?:any\s+|the\s+)?([a-z][a-z'-]*)/g;

const singularOf = (word: string) => (word.endsWith('s') && !layerWords[word] && !moodWords[word] ? word.slice(0, -1) : word);

/**
 * Reads a prompt: sound and instrument words choose layers (textures such as rain or ocean,
 * instruments such as piano, saxophone or drums), a genre ('jazz', 'lofi hip hop') brings its
 * ensemble, tempo range and scales, mood words choose the progression and energy; tempo words
 * ('slow', 'very fast', 'mid-tempo'), '120 bpm', 'in A minor' and 'no drums' are honoured.
 * Everything else comes from the seeded generator.
 */
export function designFromPrompt(prompt: string): SoundDesign {
  const seed = promptSeed(prompt);
  const random = seededRandom(seed);
  const text = designText(prompt);
  const matched = new Set<string>();

  const excluded = new Set<Layer>();
  for (const negation of text.matchAll(NEGATION)) {
    const word = negation[1] ?? '';
    const hit = layerWords[word] ?? layerWords[singularOf(word)];
    if (!hit) continue;
    hit.forEach((layer) => excluded.add(layer));
    matched.add(negation[0]);
  }

  const words = wordsOfText(text);
  const layers = new Set<Layer>();
  const moodVotes = new Map<Mood, number>();
  let genre: Genre | undefined;
  let namedGenre: string | undefined;
  for (const word of words) {
    const singular = singularOf(word);
    // 'a storm without thunder' keeps the storm's rain and wind.
    const kept = (layerWords[word] ?? layerWords[singular] ?? []).filter((layer) => !excluded.has(layer));
    if (kept.length > 0) {
      kept.forEach((layer) => layers.add(layer));
      matched.add(word);
    }
    const genreName = phraseGenres[word] ?? word;
    const genreHit = genres[genreName];
    if (genreHit) {
      if (!genre) namedGenre = genreName;
      genre ??= genreHit;
      genreHit.layers.forEach((layer) => layers.add(layer));
      matched.add(genreName);
    }
    const moodHit = moodWords[word] ?? moodWords[singular];
    if (moodHit) {
      moodVotes.set(moodHit, (moodVotes.get(moodHit) ?? 0) + 1);
      matched.add(word);
    }
    if (musicWords.has(word)) matched.add(word);
  }
  const votedMood = [...moodVotes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mood: Mood = votedMood ?? genre?.mood ?? (layers.has('drums') ? 'energetic' : moods[Math.floor(random() * moods.length)]!);
  const settings = moodSettings[mood];

  const isMusic = (layer: Layer) => (musicLayers as readonly string[]).includes(layer);
  const hasMusicWord = [...layers].some(isMusic);
  const hasTexture = [...layers].some((layer) => !isMusic(layer));
  // Mood alone, nothing recognised, or a texture with 'music' asked for, gets a small ensemble
  // that suits the mood; a texture alone ('gentle rain') stays a texture.
  const wantsMusic = words.some((word) => musicWords.has(word));
  if (!hasMusicWord && (!hasTexture || wantsMusic)) {
    const options = ensembles[mood];
    (options[Math.floor(random() * options.length)] ?? []).forEach((layer) => layers.add(layer));
  }
  excluded.forEach((layer) => layers.delete(layer));
  if (layers.size === 0) layers.add(musicLayers.find((layer) => !excluded.has(layer)) ?? 'pad');

  const scaleOptions = genre?.scales ?? settings.scales;
  let scaleName = scaleOptions[Math.floor(random() * scaleOptions.length)] ?? 'major';
  let root = 60 + Math.floor(random() * 12) - 5;
  const key = /\b(?:in\s+)?([a-g])(#|b)?\s*(major|minor|dorian|phrygian|lydian)\b/.exec(text);
  if (key) {
    const name = `${key[1]}${key[2] ?? ''}`;
    const index = noteNames.indexOf(flats[name] ?? name);
    if (index >= 0) root = 60 + (index > 6 ? index - 12 : index);
    scaleName = key[3] ?? scaleName;
    matched.add(key[0].trim());
  }

  const tempoWord = tempoWords.find(([pattern]) => pattern.test(text));
  const [low, high] = tempoWord?.[1] ?? genre?.tempo ?? settings.tempo;
  let tempo = low + random() * (high - low);
  if (tempoWord) matched.add(tempoWord[0].exec(text)?.[0] ?? '');
  const bpm = /\b(\d{2,3})\s*(?:bpm|beats (?:per|a) minute)\b|\b(?:bpm|tempo)\s*(?:of\s*|at\s*|=\s*)?(\d{2,3})\b/.exec(text);
  if (bpm) {
    tempo = Math.min(180, Math.max(40, Number(bpm[1] ?? bpm[2])));
    matched.add(bpm[0]);
  }
  const progression = settings.progressions[Math.floor(random() * settings.progressions.length)] ?? [0];
  return {
    seed,
    mood,
    tempo: Math.round(tempo),
    root,
    scaleName,
    scale: scales[scaleName] ?? scales.major!,
    progression,
    energy: settings.energy,
    layers: [...layers],
    ...(namedGenre ? { genre: namedGenre } : {}),
    matchedWords: [...matched],
  };
}

export function keyName(design: SoundDesign): string {
  const name = noteNames[((design.root % 12) + 12) % 12] ?? 'c';
  return `${name.toUpperCase()} ${design.scaleName}`;
}
