// Where the repository's parts live, for the scripts (imports nothing of ours, so every script may use it).
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const webDist = join(root, 'apps/web/dist');
export const serverEntry = join(root, 'apps/server/src/server.ts');
export const serverDist = join(root, 'apps/server/dist');
