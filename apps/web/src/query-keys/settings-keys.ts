export const settingsKeys = {
  all: ['settings'] as const,
  publicConfig: () => [...settingsKeys.all, 'public-config'] as const,
  publicSettings: () => [...settingsKeys.all, 'public'] as const,
  adminSettings: () => [...settingsKeys.all, 'admin'] as const,
};
