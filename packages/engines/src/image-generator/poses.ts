import type { IconEntry } from './icon-vocabulary.ts';
import type { Pose } from './scene-words.ts';

/**
 * People take a pose by changing icon: the set draws a person in bed, in the lotus position, running and
 * walking. Keyed by the standing icon the vocabulary gives them.
 */
const personPoses: Record<string, Partial<Record<Pose, string>>> = {
  'person-standing': {
    sleeping: 'person-in-bed',
    lying: 'person-in-bed',
    sitting: 'person-in-lotus-position',
    running: 'person-running',
    walking: 'person-walking',
  },
  'man-standing': {
    sleeping: 'person-in-bed',
    lying: 'person-in-bed',
    sitting: 'man-in-lotus-position',
    running: 'person-running',
    walking: 'person-walking',
  },
  'woman-standing': {
    sleeping: 'person-in-bed',
    lying: 'person-in-bed',
    sitting: 'woman-in-lotus-position',
    running: 'person-running',
    walking: 'person-walking',
  },
};

/**
 * Animals drawn whole (not as a face) can be laid down: the figure is drawn low and long, and a sleeping one
 * gets a 'zzz' above it. Faces (fox, lion, bear) cannot, so the prompt's pose is not claimed for them.
 */
export const layableAnimals = new Set([
  'cat',
  'black-cat',
  'dog',
  'poodle',
  'guide-dog',
  'service-dog',
  'rabbit',
  'pig',
  'cow',
  'ox',
  'water-buffalo',
  'bison',
  'horse',
  'donkey',
  'deer',
  'ewe',
  'ram',
  'goat',
  'llama',
  'camel',
  'two-hump-camel',
  'zebra',
  'giraffe',
  'elephant',
  'rhinoceros',
  'hippopotamus',
  'tiger',
  'leopard',
  'mouse',
  'rat',
  'chipmunk',
  'hedgehog',
  'raccoon',
  'otter',
  'badger',
  'skunk',
  'sloth',
  'crocodile',
  'lizard',
  'turtle',
  'dragon',
  'unicorn',
  'kangaroo',
  'boar',
  'dodo',
  'duck',
  'goose',
  'chicken',
  'rooster',
  'turkey',
  'seal',
  't-rex',
  'mammoth',
  'sauropod',
]);

/** The icon that shows the subject in the pose, or undefined when the set cannot show it. */
export function poseIcon(subject: IconEntry, pose: Pose): string | undefined {
  const person = personPoses[subject.icon];
  if (person) return person[pose];
  if ((pose === 'sleeping' || pose === 'lying') && layableAnimals.has(subject.icon)) return subject.icon;
  return undefined;
}

/** Whether a posed figure is drawn lying down (an animal keeps its icon and is laid low). */
export const liesDown = (icon: string, pose: Pose | undefined) => (pose === 'sleeping' || pose === 'lying') && layableAnimals.has(icon);
