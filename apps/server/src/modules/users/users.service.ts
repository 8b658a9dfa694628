import type { User } from '@lumen/core/users/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { toAvatarWebp } from './avatar-image.ts';
import { deleteAvatarFile, saveAvatarFile } from './avatar-store.ts';
import { toUserDto } from './user.dto.ts';
import type { UserWithCredit } from './user.dto.ts';
import { replaceProfileImage, updateUserNames } from './users.repository.ts';

/** Reads the user with its credit account; the credits module provides it (it imports users, not the reverse). */
export type FindUserWithCredit = (db: Db, userId: string) => Promise<UserWithCredit | null>;

type Deps = { db: Db; dataDir: string; findUserWithCredit: FindUserWithCredit };

export function createUsersService({ db, dataDir, findUserWithCredit }: Deps) {
  async function getUser(userId: string): Promise<User> {
    const user = await findUserWithCredit(db, userId);
    // The token is valid but its account is gone: the session is over.
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'Your account no longer exists. Please sign in again.');
    return toUserDto(user);
  }

  return {
    getUser,

    async updateProfile(userId: string, changes: { firstName?: string; lastName?: string }): Promise<User> {
      await getUser(userId);
      await updateUserNames(db, userId, changes);
      return getUser(userId);
    },

    /** Validates and re-encodes the image, stores it, and removes the previous one. */
    async replaceAvatar(userId: string, image: Buffer): Promise<User> {
      await getUser(userId);
      const webp = await toAvatarWebp(image);
      const path = await saveAvatarFile(dataDir, webp);
      let previous: string | null;
      try {
        previous = await replaceProfileImage(db, userId, path);
      } catch (error) {
        await deleteAvatarFile(dataDir, path);
        throw error;
      }
      if (previous && previous !== path) await deleteAvatarFile(dataDir, previous);
      return getUser(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
