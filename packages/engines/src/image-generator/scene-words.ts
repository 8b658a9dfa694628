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
  family group herd flock pack pair couple bunch swarm crowd team pile row
  `
    .trim()
    .split(/\s+/),
);
