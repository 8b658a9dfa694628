import type { AuthResult, LoginBody } from '@lumen/core/auth/schemas';
import { apiClient } from '@/lib/api-client.ts';

/** POST /auth/login {email, password} */
export function login(body: LoginBody): Promise<AuthResult> {
  return apiClient.post<AuthResult>('/auth/login', body, { suppressErrorToast: true });
}
