import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The Fluent Emoji Flat set in Iconify JSON (MIT, Microsoft); see README.md in this folder. */
type IconifyIcon = { body: string; width?: number; height?: number; left?: number; top?: number };
type IconifySet = { icons: Record<string, IconifyIcon>; width?: number; height?: number };

export type Icon = { name: string; body: string; left: number; top: number; width: number; height: number };

let loading: Promise<IconifySet> | undefined;

/** Reads icons.json (9 MB) the first time a picture needs an icon, then keeps it. */
function iconSet(): Promise<IconifySet> {
  loading ??= (async () => {
    const path = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json');
    return JSON.parse(await readFile(path, 'utf8')) as IconifySet;
  })();
  return loading;
}

/** The named icons; throws for a name the set does not hold (the vocabulary test checks every name). */
export async function loadIcons(names: Iterable<string>): Promise<Map<string, Icon>> {
  const set = await iconSet();
  const icons = new Map<string, Icon>();
  for (const name of names) {
    const icon = set.icons[name];
    if (!icon) throw new Error(`The emoji set has no icon '${name}'`);
    const { left = 0, top = 0, width = set.width ?? 32, height = set.height ?? 32 } = icon;
    icons.set(name, { name, body: icon.body, left, top, width, height });
  }
  return icons;
}

/** The names the set holds (for the vocabulary test). */
export async function iconNames(): Promise<Set<string>> {
  return new Set(Object.keys((await iconSet()).icons));
}

/** The icon's body with its ids made unique, so one picture can hold the same icon twice. */
export function uniqueIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}
