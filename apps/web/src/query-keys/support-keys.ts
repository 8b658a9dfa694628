/** Query keys of the support conversations. */
export const supportKeys = {
  all: ['support'] as const,
  mine: () => [...supportKeys.all, 'mine'] as const,
  admin: () => [...supportKeys.all, 'admin'] as const,
};
