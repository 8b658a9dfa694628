import { iconVocabulary, longestPhrase, singularCandidates } from './icon-vocabulary.ts';
import type { IconEntry } from './icon-vocabulary.ts';
import { tagWords } from './part-of-speech.ts';
import type { TaggedWord } from './part-of-speech.ts';
import { colourWords, elementWords, moodWords } from './prompt-vocabulary.ts';
import { finishOf, notThings, poseWords, settings, settingWords, surfaceTops, timesOfDay, timeWords, weatherWords } from './scene-words.ts';
import type { Finish, Pose, Setting, TimeOfDay, Weather } from './scene-words.ts';
import { poseIcon } from './poses.ts';

/** One thing to draw: the words that named it, its icon and how many. */
export type SceneSubject = IconEntry & {
  /** The words as the prompt wrote them, e.g. 'red fox' is { phrase: 'fox', colourWord: 'red' }. */
  phrase: string;
  count: number;
  colourWord?: string;
  colour?: string;
  /** Where in the prompt (word index) it was named. */
  at: number;
  /** How it is posed ('sleeping' lies down), when the prompt says so and the subject can take that pose. */
  pose?: Pose;
  /** The subject it stands, sits or lies on ('two cats on a sofa': the sofa's index in `subjects`). */
  on?: number;
};

export type SceneReading = {
  subjects: SceneSubject[];
  setting: Setting;
  /** False when the prompt named no setting and one was chosen to suit the subjects. */
  settingNamed: boolean;
  timeOfDay: TimeOfDay;
  timeNamed: boolean;
  /** Rain, a storm, snowfall or fog, when the prompt names one. */
  weather: Weather | undefined;
  /** The finish the prompt asks for ('oil painting', 'pencil sketch', 'watercolor'). */
  finish: Finish | undefined;
  /** Nouns of the prompt the vocabulary has no icon for, or that did not fit in the picture. */
  notDrawn: string[];
  /**
   * What the prompt is a picture of: its first thing, drawable or not. `drawable: false` is a request the
   * built-in generator cannot make ('a lighthouse on a cliff'); undefined when the prompt names no thing.
   */
  main: { phrase: string; drawable: boolean } | undefined;
};

/** At most this many different subjects, and this many drawn figures in all, so each stays readable. */
const maxSubjects = 5;
const maxFigures = 8;

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  lone: 1,
  two: 2,
  pair: 2,
  couple: 2,
  both: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  few: 3,
  some: 3,
  several: 4,
  many: 5,
  group: 4,
  herd: 5,
  flock: 5,
  pack: 4,
};
const pluralCount = 3;

const elementCalls = new Set<string>(Object.values(elementWords).flat());
const settingOf = new Map<string, Setting>(settings.flatMap((s) => settingWords[s].map((word) => [word, s] as const)));
const timeOf = new Map<string, TimeOfDay>(timesOfDay.flatMap((t) => timeWords[t].map((word) => [word, t] as const)));
/** Parts of speech that never name a thing ('leaves' as a verb, 'on', 'the'). */
const neverThing = new Set(['VERB', 'AUX', 'ADP', 'DET', 'PRON', 'CCONJ', 'SCONJ', 'PART', 'INTJ']);

type Match = { entry: IconEntry; length: number; phrase: string; plural: boolean };

/** The longest vocabulary phrase starting at word i; only the last word may be plural ('polar bears'). */
function matchAt(words: TaggedWord[], i: number): Match | undefined {
  const vocabulary = iconVocabulary();
  for (let length = Math.min(longestPhrase, words.length - i); length >= 1; length -= 1) {
    const slice = words.slice(i, i + length);
    const last = slice[length - 1]!;
    if (length === 1 && neverThing.has(last.pos)) continue;
    const head = slice.slice(0, -1).map((w) => w.word);
    const forms: [string, boolean][] = [[last.word, false], ...singularCandidates(last.word).map((s): [string, boolean] => [s, true])];
    for (const [form, plural] of forms) {
      const phrase = [...head, form].join(' ');
      const entry = vocabulary.get(phrase);
      if (entry) return { entry, length, phrase: slice.map((w) => w.word).join(' '), plural };
    }
  }
  return undefined;
}

/** The colour word and count word in the few words before a subject ('two big red foxes'). */
function describedBy(words: TaggedWord[], start: number, taken: Set<number>) {
  let colourWord: string | undefined;
  let count: number | undefined;
  for (let j = start - 1; j >= 0 && j >= start - 3 && !taken.has(j); j -= 1) {
    const { word, pos } = words[j]!;
    if (!colourWord && colourWords[word]) colourWord = word;
    else if (count === undefined && numberWords[word] !== undefined) count = numberWords[word];
    else if (count === undefined && /^\d+$/.test(word)) count = Number(word);
    else if (pos !== 'ADJ' && pos !== 'ADV' && pos !== 'DET' && pos !== 'NUM') break;
  }
  return { colourWord, count };
}

/** What the negative prompt removes: its words, and the icons its nouns call for ('no dogs' removes 'puppy' too). */
function bannedBy(words: TaggedWord[]) {
  const banned = new Set(words.map((w) => w.word));
  const icons = new Set<string>();
  for (let i = 0; i < words.length; i += 1) {
    const match = matchAt(words, i);
    if (match) icons.add(match.entry.icon);
  }
  return { banned, icons };
}

/**
 * Reads the prompt for what to draw (nouns with an icon, with their colour and number), where (setting)
 * and when (time of day); nouns with no icon are listed as not drawn. The negative prompt removes subjects,
 * settings and times it names.
 */
export async function readScene(prompt: string, negativePrompt: string | undefined, night: boolean): Promise<SceneReading> {
  const words = await tagWords(prompt);
  const { banned, icons: bannedIcons } = bannedBy(negativePrompt ? await tagWords(negativePrompt) : []);
  const taken = new Set<number>();
  const subjects: SceneSubject[] = [];
  const notDrawn: string[] = [];
  let setting: Setting | undefined;
  let timeOfDay: TimeOfDay | undefined;
  let weather: Weather | undefined;
  let finish: Finish | undefined;
  let firstUndrawn: { phrase: string; at: number } | undefined;
  const poses: { pose: Pose; at: number }[] = [];
  const ons: number[] = [];

  for (let i = 0; i < words.length; i += 1) {
    const { word, pos } = words[i]!;
    const finishHere = finishOf(
      words.map((w) => w.word),
      i,
    );
    if (finishHere) {
      finish ??= finishHere;
      taken.add(i);
      continue;
    }
    const weatherHere = weatherWords[word];
    if (weatherHere && !banned.has(word)) {
      // A storm outranks rain, rain outranks fog ('a rainy, foggy storm' is a storm).
      if (!weather || weatherRank[weatherHere] > weatherRank[weather]) weather = weatherHere;
      if (weatherHere === 'snowfall' && !setting) setting = 'snow';
      taken.add(i);
      continue;
    }
    const poseHere = poseWords[word];
    if (poseHere) {
      poses.push({ pose: poseHere, at: i });
      taken.add(i);
      continue;
    }
    if (['on', 'onto', 'upon', 'atop'].includes(word)) ons.push(i);
    const match = matchAt(words, i);
    const settingHere = settingOf.get(word);
    const timeHere = timeOf.get(word);
    // A phrase beats a scene word ('ice cream' is not the snow), a scene word beats a single noun ('trees').
    if ((settingHere || timeHere) && !(match && match.length > 1)) {
      if (settingHere && !setting && !banned.has(word)) setting = settingHere;
      if (timeHere && !timeOfDay && !banned.has(word)) timeOfDay = timeHere;
      taken.add(i);
      continue;
    }
    if (match) {
      const { colourWord, count } = describedBy(words, i, taken);
      for (let k = 0; k < match.length; k += 1) taken.add(i + k);
      i += match.length - 1;
      if (bannedIcons.has(match.entry.icon) || match.phrase.split(' ').some((w) => banned.has(w))) continue;
      const wanted = Math.max(1, count ?? (match.plural ? pluralCount : 1));
      // A colour that is the thing's own ('a red fox', 'a brown bear') names it and keeps its drawn colours.
      const own = colourWord !== undefined && ownColours[match.entry.icon]?.includes(colourWord);
      const colour = colourWord && !banned.has(colourWord) && !own ? colourWords[colourWord] : undefined;
      const same = subjects.find((s) => s.icon === match.entry.icon && s.colour === colour);
      if (same) same.count = Math.max(same.count, wanted);
      else if (subjects.length < maxSubjects) {
        subjects.push({
          ...match.entry,
          phrase: match.phrase,
          count: wanted,
          at: i - match.length + 1,
          ...(colourWord && (colour || own) ? { colourWord } : {}),
          ...(colour ? { colour } : {}),
        });
      } else notDrawn.push(match.phrase);
      continue;
    }
    const looksLikeThing = (pos === 'NOUN' || pos === 'PROPN') && /^[a-z]{3,}$/.test(word);
    const describesPicture = notThings.has(word) || colourWords[word] || moodWords[word] || elementCalls.has(word);
    if (looksLikeThing && !describesPicture && !banned.has(word) && !notDrawn.includes(word)) {
      notDrawn.push(word);
      // A noun right before a drawn thing describes it ('a stone wall', 'a wooden door'): not the picture's subject.
      if (!firstUndrawn && !describesNext(words, i)) firstUndrawn = { phrase: word, at: i };
    }
  }
  placeOn(subjects, ons);
  pose(subjects, poses);

  fitFigures(subjects);
  const waterOnly = subjects.length > 0 && subjects.every((s) => s.placement === 'water');
  const tableOnly = subjects.length > 0 && subjects.every((s) => s.placement === 'table');
  // Furniture names a room ('a cat on a sofa' is indoors) as surely as the word 'room' does.
  if (!setting && subjects.some((s) => indoorIcons.has(s.icon))) setting = 'room';
  const chosenSetting: Setting = setting ?? (waterOnly ? 'ocean' : tableOnly ? 'room' : 'meadow');
  const darkAnyway = (night || chosenSetting === 'space') && !banned.has('night');
  const first = subjects.reduce<SceneSubject | undefined>((a, b) => (a && a.at <= b.at ? a : b), undefined);
  const main =
    firstUndrawn && (!first || firstUndrawn.at < first.at)
      ? { phrase: firstUndrawn.phrase, drawable: false }
      : first
        ? { phrase: first.phrase, drawable: true }
        : undefined;
  return {
    subjects,
    setting: chosenSetting,
    settingNamed: setting !== undefined,
    timeOfDay: timeOfDay ?? (darkAnyway ? 'night' : 'noon'),
    timeNamed: timeOfDay !== undefined,
    weather,
    finish,
    notDrawn,
    main,
  };
}

/** Colour words that are a thing's own colour, as in its common name: they do not recolour it. */
const ownColours: Record<string, readonly string[]> = {
  fox: ['red', 'orange', 'ginger'],
  wolf: ['grey', 'gray'],
  bear: ['brown'],
  lion: ['golden', 'gold', 'yellow'],
  'polar-bear': ['white'],
  'black-cat': ['black'],
  tiger: ['orange'],
  flamingo: ['pink'],
};

const indoorIcons = new Set(['couch-and-lamp', 'bed', 'chair', 'bathtub', 'toilet', 'television', 'desktop-computer', 'mantelpiece-clock']);

/** Whether the word at i describes a drawn thing or a colour after it ('a wooden door', 'a cosy little cottage', 'sage green'). */
function describesNext(words: TaggedWord[], i: number): boolean {
  if (matchAt(words, i + 1)) return true;
  const next = words[i + 1];
  // A shade named by a thing: 'sage green', 'sky blue', 'forest green'.
  if (next !== undefined && colourWords[next.word]) return true;
  // The first of two nouns describes the second, the head ('a steampunk airship', 'a market street').
  if (next !== undefined && (next.pos === 'NOUN' || next.pos === 'PROPN')) return true;
  // A place named after 'in', 'at', 'near' or 'from' ('a street in Marrakech') is where, not what.
  if (words[i]!.pos === 'PROPN' && ['in', 'at', 'near', 'from'].includes(words[i - 1]?.word ?? '')) return true;
  // What holds or shows a drawn thing ('a bowl of fruit', 'a cup of coffee', 'pixel art of a spaceship').
  for (let j = i + 1; j <= i + 3 && j < words.length; j += 1) {
    if (words[j]!.word === 'of') {
      for (let k = j + 1; k <= j + 3 && k < words.length; k += 1) if (matchAt(words, k)) return true;
      break;
    }
    if (!notThings.has(words[j]!.word)) break;
  }
  return next !== undefined && (next.pos === 'ADJ' || next.pos === 'NOUN') && matchAt(words, i + 2) !== undefined;
}

const weatherRank: Record<Weather, number> = { fog: 0, snowfall: 1, rain: 2, storm: 3 };

/**
 * 'X on a Y': X stands, sits or lies on Y when Y is something with a top to be on (a sofa, a bed, a rock),
 * named within three words after 'on', and X is the subject named last before it.
 */
function placeOn(subjects: SceneSubject[], ons: number[]): void {
  for (const at of ons) {
    const surface = subjects.findIndex((s) => s.at > at && s.at <= at + 3 && surfaceTops[s.icon] !== undefined);
    const rider = subjects.filter((s) => s.at < at).sort((a, b) => b.at - a.at)[0];
    if (surface < 0 || !rider || subjects[surface] === rider || rider.on !== undefined) continue;
    // Nothing too big for it: a horse is not put on a chair.
    if (rider.scale > 1) continue;
    rider.on = surface;
  }
}

/** A pose word applies to the subject just before it ('cats sleeping') or just after it ('a sleeping cat'). */
function pose(subjects: SceneSubject[], poses: { pose: Pose; at: number }[]): void {
  for (const { pose: wanted, at } of poses) {
    const before = subjects.filter((s) => s.at < at && at - s.at <= 3).sort((a, b) => b.at - a.at)[0];
    const after = subjects.filter((s) => s.at > at && s.at - at <= 3).sort((a, b) => a.at - b.at)[0];
    const subject = before ?? after;
    if (!subject || subject.pose) continue;
    const icon = poseIcon(subject, wanted);
    if (icon === undefined) continue;
    subject.pose = wanted;
    if (icon !== subject.icon) subject.icon = icon;
  }
}

/** Trims counts, largest first, until all figures fit (every subject keeps at least one). */
function fitFigures(subjects: SceneSubject[]): void {
  let total = subjects.reduce((sum, s) => sum + s.count, 0);
  while (total > maxFigures) {
    const most = subjects.reduce((a, b) => (b.count > a.count ? b : a));
    most.count -= 1;
    total -= 1;
  }
}
