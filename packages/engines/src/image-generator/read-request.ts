import type { ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { EngineReading } from '../engine.ts';
import { iconVocabulary } from './icon-vocabulary.ts';
import { readPrompt } from './read-prompt.ts';
import { readScene } from './read-scene.ts';
import type { SceneReading, SceneSubject } from './read-scene.ts';
import type { Finish } from './scene-words.ts';
import { seededRandom } from './seeded-random.ts';

const finishNames: Record<Finish, string> = { oil: 'oil painting', watercolor: 'watercolor', pencil: 'pencil sketch' };

/**
 * Things people ask for that the icon set has no picture of, with the nearest ones it has (checked
 * against the vocabulary by a test). Other words get their compound parts ('lighthouse' → house),
 * near spellings, and then a few common subjects.
 */
const nearThings: Record<string, string[]> = {
  lighthouse: ['tower', 'house', 'boat'],
  airship: ['balloon', 'airplane', 'rocket'],
  zeppelin: ['balloon', 'airplane', 'rocket'],
  hummingbird: ['bird', 'butterfly', 'honeybee'],
  windmill: ['house', 'tower', 'tractor'],
  barn: ['house', 'hut', 'tractor'],
  bridge: ['castle', 'train', 'boat'],
  waterfall: ['fountain', 'rock', 'tree'],
  husky: ['dog', 'wolf'],
  labrador: ['dog', 'poodle'],
  retriever: ['dog'],
  cub: ['bear', 'lion', 'tiger'],
  cubs: ['bear', 'lion', 'tiger'],
  quokka: ['kangaroo', 'rabbit'],
  knight: ['guard', 'castle', 'prince'],
  pirate: ['ship', 'sailboat', 'treasure'],
  cowboy: ['horse', 'man'],
  bookshelf: ['books'],
  village: ['house', 'church'],
  bottle: ['wine', 'jar'],
  flag: ['castle'],
};

const fallback = ['cat', 'dog', 'house', 'tree', 'car', 'boat', 'person', 'horse', 'flower'];

/** Letters to change to turn a into b (at most `limit`; more counts as limit + 1). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** Up to five things the built-in generator can draw that are close to a word it cannot. */
export function closeThings(word: string): string[] {
  const vocabulary = iconVocabulary();
  const found: string[] = [];
  const add = (phrase: string) => {
    if (vocabulary.has(phrase) && !found.includes(phrase) && phrase !== word) found.push(phrase);
  };
  for (const phrase of nearThings[word] ?? []) add(phrase);
  // Compound parts: 'lighthouse' has 'house', 'bulldog' has 'dog'.
  for (const phrase of vocabulary.keys()) {
    if (phrase.length >= 3 && !phrase.includes(' ') && (word.endsWith(phrase) || word.startsWith(phrase)) && word !== phrase) add(phrase);
  }
  // Near spellings: 'elefant' → elephant.
  if (word.length >= 5) {
    for (const phrase of vocabulary.keys()) if (!phrase.includes(' ') && editDistance(word, phrase, 2) <= 2) add(phrase);
  }
  for (const phrase of fallback) if (found.length < 3) add(phrase);
  return found.slice(0, 5);
}

/** The refusal message for a main subject the generator cannot draw. */
export const cannotDrawMessage = (word: string, suggestions: string[]) =>
  `The built-in generator draws no ${word}; it can draw: ${suggestions.join(', ')}, …`;

/** What a subject is on, down to the ground: ' on the chair on the rock'. */
function surfacesUnder(subject: SceneSubject, subjects: SceneSubject[]): string {
  const on = subject.on !== undefined ? subjects[subject.on] : undefined;
  return on ? ` on the ${on.phrase}${surfacesUnder(on, subjects)}` : '';
}

/** A subject as the page lists it: '2 cats sleeping on the sofa', 'red fox', 'cat on the chair on the rock'. */
function describeSubject(subject: SceneSubject, subjects: SceneSubject[]): string {
  const described = [subject.count > 1 ? String(subject.count) : '', subject.colourWord ?? '', subject.phrase, subject.pose ?? '']
    .filter(Boolean)
    .join(' ');
  return described + surfacesUnder(subject, subjects);
}

/** What the picture shows of a reading of the prompt, in order: subjects, setting, weather, time, finish. */
export function sceneItems(scene: SceneReading, finish: Finish | undefined): string[] {
  return [
    // A surface with something on it is named with it ('2 cats sleeping on the sofa'), not again on its own.
    ...[...scene.subjects]
      .filter((s, index) => !scene.subjects.some((other) => other.on === index))
      .sort((a, b) => a.at - b.at)
      .map((s) => describeSubject(s, scene.subjects)),
    ...(scene.settingNamed ? [scene.setting] : []),
    ...(scene.weather ? [scene.weather] : []),
    ...(scene.timeNamed ? [scene.timeOfDay] : []),
    ...(finish ? [finishNames[finish]] : []),
  ];
}

/** The finish a picture gets: the prompt's words first ('oil painting'), then the watercolor style. */
export const finishFor = (scene: SceneReading, style: ImageGeneratorParams['style']): Finish | undefined =>
  scene.finish ?? (style === 'watercolor' ? 'watercolor' : undefined);

/** The scene the prompt asks for, read by the same code the job draws with. */
export async function readImageScene(
  params: Pick<ImageGeneratorParams, 'prompt' | 'negativePrompt'>,
): Promise<SceneReading & { understood: string[] }> {
  const { night, understood } = readPrompt(params.prompt, params.negativePrompt, seededRandom(0));
  return { ...(await readScene(params.prompt, params.negativePrompt, night)), understood };
}

/**
 * What the built-in generator will draw for these params, free and without drawing: the page shows it as
 * the user types, and a job whose main subject it cannot draw is refused before it is charged.
 */
export async function readImageRequest(params: ImageGeneratorParams): Promise<EngineReading> {
  const scene = await readImageScene(params);
  const finish = finishFor(scene, params.style);
  if (scene.main && !scene.main.drawable) {
    const suggestions = closeThings(scene.main.phrase);
    return {
      headline: null,
      willMake: sceneItems(scene, finish),
      leftOut: scene.notDrawn,
      refusal: { message: cannotDrawMessage(scene.main.phrase, suggestions), missing: scene.main.phrase, suggestions },
    };
  }
  const willMake = sceneItems(scene, finish);
  return {
    headline:
      willMake.length > 0
        ? `Will draw: ${willMake.join(', ')}`
        : `Will draw: ${params.style} shapes${scene.understood.length > 0 ? ` in ${scene.understood.join(', ')}` : ''}`,
    willMake,
    leftOut: scene.notDrawn,
    refusal: null,
  };
}
