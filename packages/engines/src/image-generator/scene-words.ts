/** Where a picture is set and when: the words that call for each, and the words that are neither nor things. */

export const settings = ['meadow', 'snow', 'beach', 'forest', 'city', 'desert', 'ocean', 'mountains', 'space', 'room'] as const;
export type Setting = (typeof settings)[number];

export const settingWords: Record<Setting, readonly string[]> = {
  meadow: [
    'meadow',
    'field',
    'fields',
    'grass',
    'grassland',
    'park',
    'garden',
    'farm',
    'countryside',
    'prairie',
    'lawn',
    'savanna',
    'savannah',
  ],
  snow: ['snow', 'snowy', 'winter', 'ice', 'icy', 'arctic', 'antarctic', 'frozen', 'glacier', 'tundra', 'blizzard'],
  beach: ['beach', 'shore', 'coast', 'seaside', 'sand', 'sandy', 'tropical', 'bay', 'coastline'],
  forest: ['forest', 'woods', 'woodland', 'jungle', 'rainforest', 'trees'],
  city: ['city', 'street', 'streets', 'town', 'urban', 'downtown', 'skyline', 'road', 'cyberpunk', 'metropolis'],
  desert: ['desert', 'dunes', 'dune', 'sahara', 'canyon', 'oasis'],
  ocean: ['ocean', 'sea', 'lake', 'river', 'pond', 'underwater', 'waves', 'water', 'harbour', 'harbor'],
  mountains: ['mountain', 'mountains', 'hill', 'hills', 'alps', 'valley', 'peak', 'peaks', 'cliff', 'cliffs'],
  space: ['space', 'galaxy', 'cosmos', 'cosmic', 'universe', 'orbit', 'nebula', 'outer'],
  room: ['room', 'bedroom', 'kitchen', 'indoors', 'inside', 'interior', 'studio', 'classroom', 'livingroom', 'table', 'desk'],
};

export const timesOfDay = ['sunrise', 'morning', 'noon', 'afternoon', 'sunset', 'dusk', 'night'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

export const timeWords: Record<TimeOfDay, readonly string[]> = {
  sunrise: ['sunrise', 'dawn', 'daybreak'],
  morning: ['morning'],
  noon: ['noon', 'midday', 'day', 'daytime', 'daylight', 'sunny', 'sunshine'],
  afternoon: ['afternoon'],
  sunset: ['sunset', 'evening'],
  dusk: ['dusk', 'twilight'],
  night: ['night', 'midnight', 'nighttime', 'moon', 'moonlight', 'moonlit', 'stars', 'starry', 'dark'],
};

/**
 * Nouns that describe the picture rather than a thing in it ('a photo of', 'in the style of'), and
 * sky and scenery words the painters draw (sun, clouds, stars), and collective nouns ('a family of ducks'
 * draws ducks); they are never reported as not drawn.
 */
export const notThings = new Set(
  `
  photo photograph picture image painting drawing illustration render style art artwork scene view
  background foreground portrait landscape wallpaper poster detail details colour colours color
  colors light lighting shadow shadows mood atmosphere vibe sun sunlight sky cloud clouds cloudy star
  rain fog mist storm weather air top middle front back side edge corner center centre distance time
  hour quality k hd uhd resolution watercolor watercolour neon minimal minimalist abstract spring
  summer autumn fall season ground floor wall land world place way lot
  swirl swirls pattern patterns shape shapes line lines texture textures gradient gradients circle
  circles dot dots stripe stripes spiral spirals geometry composition blend splash splashes
  love peace dream dreams hope joy happiness freedom energy chaos harmony emotion emotions feeling
  feelings memory memories silence motion movement flow vibes beauty nature lights
  family group herd flock pack pair couple bunch swarm crowd team pile row
  `
    .trim()
    .split(/\s+/),
);

/** Weather the backdrop paints: a storm darkens the sky and pours rain, snowfall covers the ground. */
export const weathers = ['rain', 'storm', 'snowfall', 'fog'] as const;
export type Weather = (typeof weathers)[number];

export const weatherWords: Record<string, Weather> = {
  rain: 'rain',
  rainy: 'rain',
  raining: 'rain',
  rainfall: 'rain',
  drizzle: 'rain',
  downpour: 'rain',
  shower: 'rain',
  showers: 'rain',
  storm: 'storm',
  stormy: 'storm',
  storms: 'storm',
  thunderstorm: 'storm',
  tempest: 'storm',
  gale: 'storm',
  snowing: 'snowfall',
  snowfall: 'snowfall',
  snowflakes: 'snowfall',
  snowstorm: 'snowfall',
  blizzard: 'snowfall',
  fog: 'fog',
  foggy: 'fog',
  mist: 'fog',
  misty: 'fog',
  haze: 'fog',
  hazy: 'fog',
};

/** The finishes a prompt can ask for in words; they change how the whole picture is painted. */
export const finishes = ['oil', 'watercolor', 'pencil'] as const;
export type Finish = (typeof finishes)[number];

const finishWords: Record<string, Finish> = {
  oil: 'oil',
  oils: 'oil',
  impasto: 'oil',
  watercolor: 'watercolor',
  watercolour: 'watercolor',
  watercolors: 'watercolor',
  watercolours: 'watercolor',
  aquarelle: 'watercolor',
  sketch: 'pencil',
  sketched: 'pencil',
  graphite: 'pencil',
};

/**
 * The finish word at word i, if it is one: 'oil', 'watercolor', 'sketch'; 'pencil' only as a finish
 * ('a pencil sketch', 'in pencil', 'pencil drawing'), since 'a pencil on a desk' draws a pencil.
 */
export function finishOf(words: readonly string[], i: number): Finish | undefined {
  const word = words[i]!;
  if (word === 'pencil') {
    const next = words[i + 1];
    const previous = words[i - 1];
    return next === 'sketch' || next === 'drawing' || next === 'drawn' || next === 'art' || previous === 'in' ? 'pencil' : undefined;
  }
  return finishWords[word];
}

/** Poses a subject can take where the icon set has them (people) or the figure can be laid down (animals). */
export const poses = ['sleeping', 'lying', 'sitting', 'running', 'walking'] as const;
export type Pose = (typeof poses)[number];

export const poseWords: Record<string, Pose> = {
  sleeping: 'sleeping',
  asleep: 'sleeping',
  sleeps: 'sleeping',
  napping: 'sleeping',
  dozing: 'sleeping',
  lying: 'lying',
  laying: 'lying',
  lies: 'lying',
  resting: 'lying',
  lounging: 'lying',
  sitting: 'sitting',
  sits: 'sitting',
  seated: 'sitting',
  meditating: 'sitting',
  running: 'running',
  runs: 'running',
  jogging: 'running',
  walking: 'walking',
  walks: 'walking',
  strolling: 'walking',
};

/**
 * Things with a top to be on ('a cat on a sofa'): where that top is in the icon's box (shares of its
 * size, measured on the icons): the height things rest at and the span they fit in.
 */
export const surfaceTops: Record<string, { top: number; left: number; right: number }> = {
  'couch-and-lamp': { top: 0.6, left: 0.08, right: 0.6 },
  bed: { top: 0.52, left: 0.12, right: 0.92 },
  chair: { top: 0.47, left: 0.27, right: 0.7 },
  rock: { top: 0.32, left: 0.2, right: 0.8 },
  wood: { top: 0.2, left: 0.32, right: 0.62 },
};
