import { seededRandom } from '../speedpainting/seeded-random.ts';

export const textureLayers = ['rain', 'ocean', 'wind', 'fire', 'birds', 'stream', 'crickets', 'thunder', 'drone'] as const;
export const musicLayers = ['pad', 'strings', 'piano', 'bells', 'pluck', 'flute', 'bass', 'drums'] as const;
export type TextureLayer = (typeof textureLayers)[number];
export type MusicLayer = (typeof musicLayers)[number];
export type Layer = TextureLayer | MusicLayer;

export const moods = ['calm', 'happy', 'sad', 'dark', 'energetic', 'dreamy'] as const;
export type Mood = (typeof moods)[number];

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
  matchedWords: string[];
};

const layerWords: Record<string, Layer[]> = {
  rain: ['rain'],
  rainy: ['rain'],
  raining: ['rain'],
  drizzle: ['rain'],
  downpour: ['rain'],
  storm: ['rain', 'wind', 'thunder'],
  stormy: ['rain', 'wind', 'thunder'],
  thunderstorm: ['rain', 'thunder'],
  thunder: ['thunder'],
  ocean: ['ocean'],
  sea: ['ocean'],
  waves: ['ocean'],
  wave: ['ocean'],
  beach: ['ocean'],
  surf: ['ocean'],
  shore: ['ocean'],
  wind: ['wind'],
  windy: ['wind'],
  breeze: ['wind'],
  gust: ['wind'],
  fire: ['fire'],
  campfire: ['fire'],
  fireplace: ['fire'],
  crackling: ['fire'],
  forest: ['birds', 'wind'],
  birds: ['birds'],
  bird: ['birds'],
  birdsong: ['birds'],
  jungle: ['birds', 'crickets'],
  stream: ['stream'],
  river: ['stream'],
  creek: ['stream'],
  brook: ['stream'],
  waterfall: ['stream'],
  water: ['stream'],
  crickets: ['crickets'],
  night: ['crickets'],
  space: ['drone', 'pad'],
  drone: ['drone'],
  cosmic: ['drone', 'pad'],
  hum: ['drone'],
  ambient: ['pad'],
  piano: ['piano'],
  keys: ['piano'],
  keyboard: ['piano'],
  bell: ['bells'],
  bells: ['bells'],
  chime: ['bells'],
  chimes: ['bells'],
  glockenspiel: ['bells'],
  synth: ['pad', 'bass'],
  synthwave: ['pad', 'bass', 'drums'],
  pad: ['pad'],
  pads: ['pad'],
  electronic: ['pad', 'bass', 'drums'],
  strings: ['strings'],
  violin: ['strings'],
  cello: ['strings'],
  orchestra: ['strings', 'bass'],
  orchestral: ['strings', 'bass'],
  guitar: ['pluck'],
  harp: ['pluck'],
  pluck: ['pluck'],
  plucked: ['pluck'],
  flute: ['flute'],
  whistle: ['flute'],
  bass: ['bass'],
  drum: ['drums'],
  drums: ['drums'],
  beat: ['drums'],
  beats: ['drums'],
  percussion: ['drums'],
  kick: ['drums'],
  techno: ['drums', 'bass', 'pad'],
  house: ['drums', 'bass', 'pad'],
  lofi: ['drums', 'piano', 'bass'],
  'hip-hop': ['drums', 'bass', 'piano'],
  hiphop: ['drums', 'bass', 'piano'],
  dance: ['drums', 'bass', 'pad'],
};

const moodWords: Record<string, Mood> = {
  calm: 'calm',
  relaxing: 'calm',
  relax: 'calm',
  peaceful: 'calm',
  gentle: 'calm',
  soft: 'calm',
  sleep: 'calm',
  meditation: 'calm',
  chill: 'calm',
  quiet: 'calm',
  serene: 'calm',
  happy: 'happy',
  joyful: 'happy',
  bright: 'happy',
  cheerful: 'happy',
  sunny: 'happy',
  uplifting: 'happy',
  upbeat: 'happy',
  playful: 'happy',
  sad: 'sad',
  melancholic: 'sad',
  melancholy: 'sad',
  lonely: 'sad',
  somber: 'sad',
  nostalgic: 'sad',
  dark: 'dark',
  ominous: 'dark',
  scary: 'dark',
  spooky: 'dark',
  horror: 'dark',
  eerie: 'dark',
  mysterious: 'dark',
  tense: 'dark',
  energetic: 'energetic',
  fast: 'energetic',
  intense: 'energetic',
  epic: 'energetic',
  party: 'energetic',
  action: 'energetic',
  driving: 'energetic',
  powerful: 'energetic',
  dreamy: 'dreamy',
  magical: 'dreamy',
  fantasy: 'dreamy',
  ethereal: 'dreamy',
  floating: 'dreamy',
};

const musicWords = new Set(['music', 'song', 'melody', 'tune', 'soundtrack', 'track', 'jingle', 'loop']);

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

/**
 * Reads a prompt: sound words choose layers (textures such as rain or ocean, instruments such as
 * piano or drums), mood words choose scale, tempo and energy; 'slow', 'fast', '90 bpm' and
 * 'in A minor' are honoured. Everything else comes from the seeded generator.
 */
export function designFromPrompt(prompt: string): SoundDesign {
  const seed = promptSeed(prompt);
  const random = seededRandom(seed);
  const text = normalise(prompt);
  const words: string[] = text.match(/[a-z][a-z'-]*/g) ?? [];
  const matched = new Set<string>();
  const layers = new Set<Layer>();
  const moodVotes = new Map<Mood, number>();
  for (const word of words) {
    const singular = word.endsWith('s') && !layerWords[word] && !moodWords[word] ? word.slice(0, -1) : word;
    const layerHit = layerWords[word] ?? layerWords[singular];
    if (layerHit) {
      layerHit.forEach((layer) => layers.add(layer));
      matched.add(word);
    }
    const moodHit = moodWords[word] ?? moodWords[singular];
    if (moodHit) {
      moodVotes.set(moodHit, (moodVotes.get(moodHit) ?? 0) + 1);
      matched.add(word);
    }
    if (musicWords.has(word)) matched.add(word);
  }
  const votedMood = [...moodVotes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mood: Mood = votedMood ?? (layers.has('drums') ? 'energetic' : moods[Math.floor(random() * moods.length)]!);
  const settings = moodSettings[mood];

  const hasMusicWord = [...layers].some((layer) => (musicLayers as readonly string[]).includes(layer));
  const hasTexture = [...layers].some((layer) => (textureLayers as readonly string[]).includes(layer));
  // Mood alone, nothing recognised, or a texture with 'music' asked for, gets a small ensemble
  // that suits the mood; a texture alone ('gentle rain') stays a texture.
  const wantsMusic = words.some((word) => musicWords.has(word));
  if (!hasMusicWord && (!hasTexture || wantsMusic)) {
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
    const options = ensembles[mood];
    (options[Math.floor(random() * options.length)] ?? []).forEach((layer) => layers.add(layer));
  }

  let scaleName = settings.scales[Math.floor(random() * settings.scales.length)] ?? 'major';
  let root = 60 + Math.floor(random() * 12) - 5;
  const key = /\b(?:in\s+)?([a-g])(#|b)?\s*(major|minor|dorian|phrygian|lydian)\b/.exec(text);
  if (key) {
    const name = `${key[1]}${key[2] ?? ''}`;
    const index = noteNames.indexOf(flats[name] ?? name);
    if (index >= 0) root = 60 + (index > 6 ? index - 12 : index);
    scaleName = key[3] ?? scaleName;
    matched.add(key[0].trim());
  }
  let tempo = settings.tempo[0] + random() * (settings.tempo[1] - settings.tempo[0]);
  if (words.includes('slow')) tempo *= 0.8;
  if (words.includes('fast') || words.includes('quick')) tempo *= 1.2;
  const bpm = /(\d{2,3})\s*bpm/.exec(text);
  if (bpm) {
    tempo = Math.min(180, Math.max(40, Number(bpm[1])));
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
    matchedWords: [...matched],
  };
}

export function keyName(design: SoundDesign): string {
  const name = noteNames[((design.root % 12) + 12) % 12] ?? 'c';
  return `${name.toUpperCase()} ${design.scaleName}`;
}
