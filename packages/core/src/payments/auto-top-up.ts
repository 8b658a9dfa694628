import { z } from 'zod';

/**
 * Automatic top-up (payments contract "Automatic top-up"): when a debit leaves the balance below the user's
 * threshold, the chosen credit package is bought with the saved default card, off-session, at most
 * `monthlyLimit` times per calendar month (UTC). A failed payment turns it off with the reason.
 */

export const AUTO_TOP_UP_THRESHOLD_MAX = 100_000;
export const AUTO_TOP_UP_MONTHLY_LIMIT_MAX = 31;

export const autoTopUpMessages = {
  threshold: `threshold must be a whole number of credits from 1 to ${AUTO_TOP_UP_THRESHOLD_MAX}`,
  monthlyLimit: `monthlyLimit must be a whole number from 1 to ${AUTO_TOP_UP_MONTHLY_LIMIT_MAX}`,
  packageId: 'packageId must be a valid id',
  noCard: 'Save a card first: buy credits once by card and the card is kept for automatic top-up',
  noPackage: 'Choose a credit package to buy',
  /** Stored as the reason when removing the last saved card turns automatic top-up off. */
  cardRemoved: 'Its saved card was removed.',
} as const;

/** Why a top-up did not go through; `card_declined` and `authentication_required` are Stripe's error codes. */
export const autoTopUpFailureCodes = [
  'card_declined',
  'authentication_required',
  'no_saved_card',
  'package_unavailable',
  'processor_unavailable',
] as const;
export type AutoTopUpFailureCode = (typeof autoTopUpFailureCodes)[number];

export const autoTopUpStatuses = ['pending', 'succeeded', 'failed'] as const;

export const autoTopUpAttemptSchema = z.object({
  id: z.uuid(),
  status: z.enum(autoTopUpStatuses),
  packageName: z.string(),
  credits: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The balance whose drop started it. */
  balanceAtTrigger: z.number().int(),
  failureCode: z.enum(autoTopUpFailureCodes).nullable(),
  failureMessage: z.string().nullable(),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AutoTopUpAttempt = z.infer<typeof autoTopUpAttemptSchema>;

export const autoTopUpSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Top up when a debit leaves fewer credits than this. */
  threshold: z.number().int(),
  packageId: z.uuid().nullable(),
  monthlyLimit: z.number().int(),
  /** Top-ups counted this calendar month (UTC). */
  usedThisMonth: z.number().int(),
  /** E-mail when the balance falls to 2 credits or less. */
  lowBalanceEmail: z.boolean(),
  /** Set when a failed payment turned automatic top-up off. */
  disabledReason: z.string().nullable(),
  /** The default saved card the top-up pays with (null: none saved yet). */
  card: z.object({ id: z.uuid(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }).nullable(),
  /** The newest attempts, newest first. */
  history: z.array(autoTopUpAttemptSchema),
});
export type AutoTopUpSettings = z.infer<typeof autoTopUpSettingsSchema>;

const wholeNumber = (message: string, max: number) => z.number({ error: message }).int(message).min(1, message).max(max, message);

export const updateAutoTopUpBodySchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    threshold: wholeNumber(autoTopUpMessages.threshold, AUTO_TOP_UP_THRESHOLD_MAX),
    packageId: z.uuid({ error: autoTopUpMessages.packageId }).nullable(),
    monthlyLimit: wholeNumber(autoTopUpMessages.monthlyLimit, AUTO_TOP_UP_MONTHLY_LIMIT_MAX),
    lowBalanceEmail: z.boolean({ error: 'lowBalanceEmail must be true or false' }),
  })
  .strict()
  .meta({
    examples: [{ enabled: true, threshold: 5, packageId: '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11', monthlyLimit: 3, lowBalanceEmail: true }],
  });
export type UpdateAutoTopUpBody = z.infer<typeof updateAutoTopUpBodySchema>;

export const AUTO_TOP_UP_DEFAULTS = { threshold: 5, monthlyLimit: 3 } as const;
