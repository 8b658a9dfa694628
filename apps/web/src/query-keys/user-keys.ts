/** Query keys of the users resource (one factory per resource). */
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  signInMethods: () => [...userKeys.me(), 'sign-in-methods'] as const,
  securityEventLists: () => [...userKeys.me(), 'security-events'] as const,
  securityEvents: (params: { page: number; limit: number }) => [...userKeys.securityEventLists(), params] as const,
};
