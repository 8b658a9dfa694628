export const settingsKeys = {
  all: ['settings'] as const,
  publicConfig: () => [...settingsKeys.all, 'public-config'] as const,
};
