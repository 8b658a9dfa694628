import {
  apiKeyMessages,
  apiKeyNameMaxLength,
  apiKeyRateLimitRange,
  defaultApiKeyRateLimit,
  monthlyCreditCapRange,
} from '@lumen/core/api-keys/schemas';
import { isApiError } from '@/lib/api-client.ts';

/** The texts and constants of the API Management screen, exactly as the screen shows them. */
export const API_KEY_NAME_REQUIRED = apiKeyMessages.nameRequired;
export const API_KEY_NAME_MAX = apiKeyNameMaxLength;
export const DEFAULT_RATE_LIMIT = defaultApiKeyRateLimit;
export const RATE_LIMIT_MAX = apiKeyRateLimitRange.max;
export const MONTHLY_CAP_MAX = monthlyCreditCapRange.max;
export const COPY_FEEDBACK_MS = 2000;

export const LOAD_FAILED = 'Failed to load API keys';
export const GENERATE_FAILED = 'Failed to generate API key';
export const REVOKE_FAILED = 'Failed to revoke API key';
export const REGENERATE_FAILED = 'Failed to regenerate API key';
export const DELETE_FAILED = 'Failed to delete API key';
export const ROLL_FAILED = 'Failed to roll API key';
export const UPDATE_FAILED = 'Failed to update API key';
export const UPDATED = apiKeyMessages.updated;
export const ROLLED = apiKeyMessages.rolled;
export const EXPIRY_IN_PAST = 'Pick today or a later day';
export const ROLL_EXPLAINED =
  'Roll gives this key a new secret. Its settings and usage stay; the old secret keeps working for the time you choose, so you can update your clients without downtime.';
export const GENERATED = apiKeyMessages.generated;
export const REVOKED = apiKeyMessages.revoked;
export const REGENERATED = apiKeyMessages.regenerated;
export const DELETED = apiKeyMessages.deleted;
export const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key? This action cannot be undone.';
export const CONFIRM_REGENERATE = 'Are you sure you want to regenerate this API key? The old key will be revoked immediately.';
export const SAVED_BUTTON = "I've Saved My Key";
export const COPIED_TOAST = 'Copied to clipboard';

/** The server's message when it sent one, else the screen's own text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0) return fallback;
  if (/^Request failed \(\d+\)$/.test(error.message)) return fallback;
  return error.message || fallback;
}

/** The server refuses key creation until the e-mail address is verified (403). */
export function isVerificationRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && /verify/i.test(error.message);
}
