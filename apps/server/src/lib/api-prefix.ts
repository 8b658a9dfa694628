/** Every API route lives under this path. */
export const API_PREFIX = '/api/v1';
