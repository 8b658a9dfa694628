import { z } from 'zod';
import { apiKeyMessages, apiKeyNameSchema, ipAllowListMax, isAcceptableWebhookUrl } from '@lumen/core/api-keys/schemas';
import type { ApiKey, GenerateApiKeyBody, UpdateApiKeyBody } from '@lumen/core/api-keys/schemas';
import { parseCidr } from '@lumen/core/api-keys/cidr';
import { scheduleYears } from '@lumen/core/http/date-bounds';
import { serviceKeys } from '@lumen/core/services/catalogue';
import { DEFAULT_RATE_LIMIT, EXPIRY_IN_PAST, MONTHLY_CAP_MAX, RATE_LIMIT_MAX } from '../api/api-key-messages.ts';

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, message);

/** The end of a calendar day (YYYY-MM-DD) in the browser's time zone: a key 'expiring on' a day works through it. */
export function endOfLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 23, 59, 59, 999);
}

/** A moment as a date input's value (YYYY-MM-DD) in the browser's time zone. */
export function localDayOf(moment: Date): string {
  return `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')}`;
}

/** The allow-list textarea: ranges separated by new lines, commas or spaces. */
export function splitIpRanges(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * The key form (generate and edit): the contract's fields (docs/api/api-keys-contract.md) kept as strings
 * for the inputs and converted on submit. The edit form leaves webhookUrl empty and does not show it.
 */
export const keyFormSchema = z.object({
  name: apiKeyNameSchema,
  rateLimit: wholeNumber(1, RATE_LIMIT_MAX, `Enter a whole number from 1 to ${RATE_LIMIT_MAX}`),
  allowedServices: z.array(z.enum(serviceKeys)),
  monthlyCreditCap: z.union([
    z.literal(''),
    wholeNumber(1, MONTHLY_CAP_MAX, `Leave empty for no cap, or enter 1 to ${MONTHLY_CAP_MAX.toLocaleString('en-US')}`),
  ]),
  webhookUrl: z.union([z.literal(''), z.string().trim().refine(isAcceptableWebhookUrl, apiKeyMessages.webhookUrl)]),
  expiresOn: z.union([
    z.literal(''),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date')
      .refine((day) => Number(day.slice(0, 4)) <= scheduleYears.max, `Pick a date before ${scheduleYears.max + 1}`)
      .refine((day) => endOfLocalDay(day).getTime() > Date.now(), EXPIRY_IN_PAST),
  ]),
  ipAllowList: z
    .string()
    .refine((text) => splitIpRanges(text).every((range) => parseCidr(range) !== null), apiKeyMessages.ipAllowList)
    .refine((text) => splitIpRanges(text).length <= ipAllowListMax, `At most ${ipAllowListMax} IP ranges`),
});
export type KeyFormValues = z.infer<typeof keyFormSchema>;
/** Fields the server may name in a 400 (the expiry is 'expiresAt' there, 'expiresOn' here). */
export const keyFormFields = ['name', 'rateLimit', 'allowedServices', 'monthlyCreditCap', 'webhookUrl', 'ipAllowList'] as const;

export const emptyKeyForm: KeyFormValues = {
  name: '',
  rateLimit: String(DEFAULT_RATE_LIMIT),
  allowedServices: [],
  monthlyCreditCap: '',
  webhookUrl: '',
  expiresOn: '',
  ipAllowList: '',
};

/** An existing key's settings as the form shows them. */
export function keyFormValuesOf(key: ApiKey): KeyFormValues {
  return {
    name: key.name,
    rateLimit: String(key.rateLimit),
    allowedServices: key.allowedServices ?? [],
    monthlyCreditCap: key.monthlyCreditCap === null ? '' : String(key.monthlyCreditCap),
    webhookUrl: '',
    expiresOn: key.expiresAt ? localDayOf(new Date(key.expiresAt)) : '',
    ipAllowList: (key.ipAllowList ?? []).join('\n'),
  };
}

/** The settings both the generate and the edit body carry (empty inputs are null: no cap, never, any IP). */
export function keySettingsOf(values: KeyFormValues): Required<Omit<UpdateApiKeyBody, 'name'>> & { name: string } {
  const ranges = splitIpRanges(values.ipAllowList);
  return {
    name: values.name.trim(),
    rateLimit: Number(values.rateLimit),
    allowedServices: values.allowedServices.length ? values.allowedServices : null,
    monthlyCreditCap: values.monthlyCreditCap.trim() ? Number(values.monthlyCreditCap) : null,
    expiresAt: values.expiresOn ? endOfLocalDay(values.expiresOn).toISOString() : null,
    ipAllowList: ranges.length ? ranges : null,
  };
}

export function toGenerateBody(values: KeyFormValues): GenerateApiKeyBody {
  return { ...keySettingsOf(values), webhookUrl: values.webhookUrl.trim() || null };
}
