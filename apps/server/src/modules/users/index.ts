export { avatarFilesRoutes } from './avatar-files.routes.ts';
export { detectImageType } from './avatar-image.ts';
export { AVATAR_DIR, deleteAvatarFile } from './avatar-store.ts';
export type { UserRow } from './tables.ts';
export { toUserDto } from './user.dto.ts';
export type { UserWithCredit } from './user.dto.ts';
export {
  countSignups,
  findUserByEmail,
  findUserById,
  hasAdmin,
  insertUser,
  markEmailVerified,
  reactivateUser,
  setPasswordHash,
  setUserRole,
  suspendUser,
  verifyEmailDroppingPassword,
} from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { anonymiseUser, countOtherActiveAdmins, lockUser, userPersonalData } from './personal-data.ts';
export {
  adminEmails,
  findUserAccess,
  findUserContact,
  findUserEmail,
  findUserSuspendedAt,
  firstAdminId,
  userContactsByIds,
} from './user-reads.ts';
export { userDirectory, userProfiles } from './user-directory.ts';
export { signupsPerDay } from './analytics-reads.ts';
