import { hslToHex, hueDistance, luminance, mix } from './colour.ts';
import { colourWords, elementWords, moodWords, nightWords, sceneElements } from './prompt-vocabulary.ts';
import type { SceneElement } from './prompt-vocabulary.ts';
import type { Random } from './seeded-random.ts';

export type PromptReading = {
  /** Five colours from dark to light. */
  palette: string[];
  /** The first colour named in the prompt, used for the main shape (e.g. 'a red sun'). */
  accent: string | undefined;
  elements: Set<SceneElement>;
  night: boolean;
  soft: boolean;
  /** The words that shaped the picture (shown in the job summary). */
  understood: string[];
};

export const words = (text: string | undefined): string[] =>
  (text ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter(Boolean);

/**
 * Turns the prompt into a palette and a set of things to draw: colour words and mood words give the
 * colours (in the order written), element words the scene; the negative prompt removes matching
 * colours, moods and elements. Gaps are filled with harmonious colours from the seeded random.
 */
export function readPrompt(prompt: string, negativePrompt: string | undefined, random: Random): PromptReading {
  const tokens = words(prompt);
  const banned = new Set(words(negativePrompt));
  const bannedColours = [...banned].flatMap((word) => (colourWords[word] ? [colourWords[word]] : []));
  const understood: string[] = [];
  const colours: string[] = [];
  let soft = false;
  let dark = false;
  for (const token of tokens) {
    if (banned.has(token)) continue;
    const colour = colourWords[token];
    if (colour) {
      colours.push(colour);
      understood.push(token);
    }
    const mood = moodWords[token];
    if (mood) {
      colours.push(...mood.palette);
      soft ||= mood.soft ?? false;
      dark ||= mood.dark ?? false;
      understood.push(token);
    }
    if (token === 'pastel' || token === 'soft') soft = true;
  }
  const elements = new Set<SceneElement>();
  for (const element of sceneElements) {
    const calls = elementWords[element] as readonly string[];
    if (banned.has(element) || calls.some((word) => banned.has(word))) continue;
    const hit = tokens.find((token) => calls.includes(token));
    if (hit) {
      elements.add(element);
      if (!understood.includes(hit)) understood.push(hit);
    }
  }
  const night = (dark || tokens.some((token) => nightWords.has(token))) && !banned.has('night') && !banned.has('dark');
  if (night && elements.has('sun') && !tokens.includes('sun')) {
    elements.delete('sun');
    if (!banned.has('moon')) elements.add('moon');
  }

  const allowed = (colour: string) => bannedColours.every((b) => hueDistance(colour, b) > 28);
  const unique = [...new Set(colours)].filter(allowed);
  // Fill up to five with colours around a seeded base hue (analogous, with one accent).
  const baseHue = random.range(0, 360);
  const saturation = soft ? 0.45 : random.range(0.55, 0.85);
  const offsets = [0, 28, -32, 160, 55, -70, 200];
  for (let i = 0; unique.length < 5 && i < 40; i += 1) {
    const hue = baseHue + (offsets[i % offsets.length] ?? 0) + Math.floor(i / offsets.length) * 17;
    const lightness = [0.18, 0.38, 0.55, 0.72, 0.88][unique.length % 5]!;
    const colour = hslToHex(hue, saturation, night ? lightness * 0.7 : lightness);
    if (allowed(colour)) unique.push(colour);
  }
  while (unique.length < 5) unique.push(hslToHex(random.range(0, 360), 0.1, 0.2 + unique.length * 0.15));
  const palette = pickFive(unique).sort((a, b) => luminance(a) - luminance(b));
  // Keep some contrast: a palette of only pale (or only dark) colours gets a deeper (or lighter) end.
  if (luminance(palette[0]!) > 0.4) palette[0] = mix(palette[0]!, '#1c1424', 0.55);
  if (luminance(palette[4]!) < 0.45) palette[4] = mix(palette[4]!, '#f4efe6', 0.6);
  const named = tokens.find((token) => !banned.has(token) && colourWords[token]);
  const accent = named ? colourWords[named] : undefined;
  return { palette, accent: accent && allowed(accent) ? accent : undefined, elements, night, soft, understood };
}

/** Five colours spread over the list (keeps the prompt's first colours, and some of the rest). */
function pickFive(colours: string[]): string[] {
  if (colours.length <= 5) return colours.slice(0, 5);
  const picked: string[] = [];
  for (let i = 0; i < 5; i += 1) picked.push(colours[Math.round((i * (colours.length - 1)) / 4)]!);
  return picked;
}
