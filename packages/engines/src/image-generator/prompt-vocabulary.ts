/** The words the procedural generator understands. Anything else still changes the seed. */

export const colourWords: Record<string, string> = {
  red: '#d7263d', crimson: '#b3123a', scarlet: '#e0301e', ruby: '#a8123a', orange: '#f28c28', amber: '#f5a623',
  gold: '#e6b422', golden: '#e6b422', yellow: '#f5d547', lemon: '#f7e35a', lime: '#9ccc3c', green: '#2e8b57',
  emerald: '#1f9d6b', olive: '#6b7a2e', mint: '#98e0c3', teal: '#1a8c8c', turquoise: '#30c5c5', cyan: '#22c7e0',
  aqua: '#4fd6e0', blue: '#2f5fd0', azure: '#3c8ce7', navy: '#1b2a5a', cobalt: '#1f4fb5', sapphire: '#1e3f9a',
  indigo: '#3f37c9', purple: '#7b2cbf', violet: '#8f5bd8', lavender: '#b8a6e8', lilac: '#c7a3e0', magenta: '#d0308f',
  pink: '#f08cb0', rose: '#e8728e', coral: '#ff7f60', peach: '#ffb38a', salmon: '#f38b74', brown: '#7a4b2a',
  chocolate: '#5a3520', copper: '#b86b3a', bronze: '#a0702e', beige: '#e8dcc4', cream: '#f6efe0', ivory: '#f8f4e6',
  white: '#f4f4ef', black: '#121214', grey: '#8a8d91', gray: '#8a8d91', silver: '#c7c9cc', charcoal: '#36393f',
};

export type Mood = { palette: readonly string[]; dark?: boolean; soft?: boolean };

export const moodWords: Record<string, Mood> = {
  sunset: { palette: ['#2b1b4a', '#7a2e6e', '#e0566a', '#f59b5b', '#ffd27a'] },
  dusk: { palette: ['#1d1b3a', '#4b2e6e', '#b04a7a', '#f08a6a', '#f7c59f'] },
  sunrise: { palette: ['#3a4a7a', '#e88f8f', '#f6b37f', '#fde2a5', '#fff4d6'] },
  dawn: { palette: ['#4a5a8a', '#d99ab0', '#f3c1a0', '#fbe4c4', '#fff6e8'] },
  ocean: { palette: ['#04263f', '#0b4f6c', '#1a8c9c', '#5cc6c6', '#d8f3ef'] },
  sea: { palette: ['#062a44', '#0d5c7a', '#2295a6', '#7dd3cf', '#e4f6f2'] },
  beach: { palette: ['#1c6f8c', '#4cc3d9', '#f3e0b5', '#f6c28b', '#fff8ea'] },
  forest: { palette: ['#0f2a1d', '#1e4d2b', '#3f7d3a', '#8fb35b', '#dfe8c2'] },
  jungle: { palette: ['#082a17', '#145c2e', '#2f8f3c', '#a6c84a', '#f1d65c'] },
  night: { palette: ['#05060f', '#0f1433', '#22285c', '#4b4f9a', '#c9cdf2'], dark: true },
  midnight: { palette: ['#030412', '#0b0f2e', '#1c2260', '#3a3f8f', '#b0b8f0'], dark: true },
  autumn: { palette: ['#3b1f12', '#8c3b1c', '#d2691e', '#e8a33d', '#f4d58d'] },
  fall: { palette: ['#40200f', '#93401d', '#cf6a27', '#e9a447', '#f3d9a0'] },
  winter: { palette: ['#1d2b3a', '#4f6d8a', '#9bb7d4', '#d9e6f2', '#ffffff'], soft: true },
  snow: { palette: ['#3a4e63', '#8aa5bf', '#c7d8e8', '#eef4fa', '#ffffff'], soft: true },
  spring: { palette: ['#4f9d69', '#a8d5a2', '#f7c6d9', '#fbe7a1', '#fffaf0'], soft: true },
  flowers: { palette: ['#2f6b3a', '#e85d8f', '#f7a8c4', '#fcd45c', '#fff5f8'] },
  desert: { palette: ['#5a2e1b', '#a0522d', '#d9915b', '#edc58a', '#f8e7c4'] },
  cyberpunk: { palette: ['#0a0215', '#2a0a4a', '#ff2a6d', '#05d9e8', '#d1f7ff'], dark: true },
  futuristic: { palette: ['#05070f', '#10213f', '#2d6cdf', '#52e5e7', '#e6fbff'], dark: true },
  space: { palette: ['#020208', '#0d0a26', '#3a1c71', '#d76d77', '#ffaf7b'], dark: true },
  galaxy: { palette: ['#03020c', '#1a0b3b', '#5b2a86', '#c04ba5', '#f7b2e6'], dark: true },
  cosmic: { palette: ['#040312', '#14104a', '#43308f', '#9a5fd0', '#f3c6ff'], dark: true },
  fire: { palette: ['#1a0500', '#6b0f0a', '#c9301c', '#f57c1f', '#ffd35c'], dark: true },
  volcano: { palette: ['#120302', '#4a0b06', '#a3200f', '#f0541e', '#ffb347'], dark: true },
  calm: { palette: ['#5d7384', '#8fa7b3', '#c0d1d4', '#e4ece9', '#f7f5ef'], soft: true },
  serene: { palette: ['#4d6a7d', '#86a8b8', '#bcd6d8', '#e6efe9', '#faf7f0'], soft: true },
  peaceful: { palette: ['#5f7f74', '#95b5a6', '#c9ddd0', '#eef3ea', '#fbf9f2'], soft: true },
  dreamy: { palette: ['#6c5b9e', '#b49fdc', '#f2b5d4', '#f7d9c4', '#fdf6ff'], soft: true },
  pastel: { palette: ['#a0c4ff', '#bdb2ff', '#ffc6ff', '#fdffb6', '#caffbf'], soft: true },
  candy: { palette: ['#ff5d8f', '#ff97b7', '#ffd6e0', '#a2d2ff', '#fff1a8'] },
  storm: { palette: ['#0f1419', '#2b3440', '#4e5d6c', '#8596a6', '#c9d3dc'], dark: true },
  vintage: { palette: ['#3d2c2e', '#8c5e58', '#c79f7e', '#e6cfa7', '#f4ead5'], soft: true },
  tropical: { palette: ['#0b6e4f', '#08a045', '#f9c80e', '#f86624', '#ea3546'] },
};

/** Things the generator can draw, with the words that call for them. */
export const elementWords = {
  sun: ['sun', 'sunny', 'sunset', 'sunrise', 'sunshine', 'dawn'],
  moon: ['moon', 'moonlight', 'moonlit', 'crescent'],
  stars: ['star', 'stars', 'starry', 'galaxy', 'cosmic', 'space', 'constellation'],
  mountains: ['mountain', 'mountains', 'hill', 'hills', 'peak', 'peaks', 'alps', 'valley', 'ridge'],
  water: ['sea', 'ocean', 'lake', 'river', 'water', 'beach', 'waves', 'wave', 'bay', 'coast'],
  trees: ['tree', 'trees', 'forest', 'woods', 'pine', 'pines', 'jungle'],
  clouds: ['cloud', 'clouds', 'cloudy', 'sky', 'storm', 'fog', 'mist'],
  birds: ['bird', 'birds', 'flock', 'seagull', 'seagulls'],
  city: ['city', 'skyline', 'buildings', 'town', 'skyscrapers', 'urban'],
} as const;
export type SceneElement = keyof typeof elementWords;
export const sceneElements = Object.keys(elementWords) as SceneElement[];

/** Night words switch the sky to dark and the sun to the moon. */
export const nightWords = new Set(['night', 'midnight', 'moon', 'moonlight', 'moonlit', 'starry', 'dark']);
