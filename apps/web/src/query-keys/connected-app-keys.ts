/** Query keys of the assistants a user let in through OAuth (MCP). */
export const connectedAppKeys = { all: ['connected-apps'] as const };
