/** Route options of the programmatic routes that accept an API key (docs/api/api-keys-contract.md). */
export const apiKeyAccess = { apiKey: true } as const;

type Security = Array<Record<string, string[]>>;

/** OpenAPI security of those routes: the user's JWT, or an API key as a Bearer token or in X-API-Key. */
export const jwtOrApiKeySecurity: Security = [{ bearerAuth: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }];
