import type { AuthResult, RegisterBody } from '@lumen/core/auth/schemas';
import { apiClient } from '@/lib/api-client.ts';

/** POST /auth/register {firstName, lastName, email, password} */
export function register(body: RegisterBody): Promise<AuthResult> {
  return apiClient.post<AuthResult>('/auth/register', body, { suppressErrorToast: true });
}
