/** Query and mutation keys of the auth resource. */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  register: () => [...authKeys.all, 'register'] as const,
  logout: () => [...authKeys.all, 'logout'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
};
