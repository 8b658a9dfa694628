import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Avatars live at DATA_DIR/uploads/avatars/<random>.webp; users keep the relative path. */
export const AVATAR_DIR = 'uploads/avatars';
export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9_-]{16,64}\.webp$/;

export function avatarDirectory(dataDir: string): string {
  return join(dataDir, AVATAR_DIR);
}

export async function saveAvatarFile(dataDir: string, webp: Buffer): Promise<string> {
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  await mkdir(avatarDirectory(dataDir), { recursive: true });
  await writeFile(join(avatarDirectory(dataDir), fileName), webp);
  return `${AVATAR_DIR}/${fileName}`;
}

/** Deletes a file saved by saveAvatarFile; other paths (e.g. external URLs) are left alone. */
export async function deleteAvatarFile(dataDir: string, relativePath: string | null): Promise<void> {
  if (!relativePath?.startsWith(`${AVATAR_DIR}/`)) return;
  const fileName = relativePath.slice(AVATAR_DIR.length + 1);
  if (!AVATAR_FILE_PATTERN.test(fileName)) return;
  await rm(join(avatarDirectory(dataDir), fileName), { force: true });
}
