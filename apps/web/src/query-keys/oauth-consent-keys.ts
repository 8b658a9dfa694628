/** Query keys of the pending OAuth sign-in requests (MCP clients). */
export const oauthConsentKeys = {
  all: ['oauth-consent'] as const,
  request: (id: string | null) => [...oauthConsentKeys.all, id] as const,
};
