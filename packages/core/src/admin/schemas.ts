import { z } from 'zod';
import { numberField } from '../http/number-field.ts';
import { nonEmptyBody } from '../http/non-empty-body.ts';
import { isWithinSupportedYears, supportedYearsMessage } from '../http/date-bounds.ts';
import { ledgerEntrySchema, creditHistorySchema, planIntervals } from '../credits/schemas.ts';
import { paginatedSchema, paginationQueryShape } from '../http/pagination.ts';
import { roles, userSchema } from '../users/schemas.ts';
import { suspensionSchema } from '../users/suspension.ts';

export const MAX_PACKAGE_PRICE = 10_000;
export const MAX_PACKAGE_CREDITS = 1_000_000;
export const MAX_SERVICE_COST = 1000;
export const MAX_ADJUSTMENT = 1_000_000;

/** Dollars: at least one cent (the tables keep whole cents, over 0), at most 2 decimals, at most 10 000. */
export const dollarPriceSchema = numberField('Price')
  .min(0.01, 'Price must be at least 0.01')
  .max(MAX_PACKAGE_PRICE, `Price must be at most ${MAX_PACKAGE_PRICE}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Price must have at most 2 decimals');

const nameSchema = z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters');
/** A whole number of credits in a package or a plan, 1 to MAX_PACKAGE_CREDITS, `label` in its messages. */
export const packageCreditsSchema = (label: string) =>
  numberField(label)
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_PACKAGE_CREDITS, `${label} must be at most ${MAX_PACKAGE_CREDITS}`);

// ---- credit packages -------------------------------------------------------

export const createCreditPackageBodySchema = z
  .strictObject({
    name: nameSchema,
    price: dollarPriceSchema,
    creditsAmount: packageCreditsSchema('Credits'),
    isActive: z.boolean().optional(),
  })
  .meta({ examples: [{ name: 'Agency', price: 99, creditsAmount: 800, isActive: true }] });
export type CreateCreditPackageBody = z.input<typeof createCreditPackageBodySchema>;

export const updateCreditPackageBodySchema = nonEmptyBody(createCreditPackageBodySchema.partial(), 'Nothing to update').meta({
  examples: [{ price: 8.99, creditsAmount: 55 }],
});
export type UpdateCreditPackageBody = z.input<typeof updateCreditPackageBodySchema>;

/** PUT .../order: exactly the ids of every non-archived item, in the new order. */
export const reorderBodySchema = z
  .strictObject({
    ids: z
      .array(z.uuid('Each id must be a UUID'))
      .min(1, 'ids must list every item')
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
  })
  .meta({
    examples: [
      {
        ids: [
          '2a9e4c71-8b3d-4f06-a5c2-1d7e9f3b6a48',
          '6f1c1f38-3d2c-4a57-9d2b-7b8c2b7f0c11',
          'c4d81e2f-57a9-4b3c-8e61-0f2a7d9c5b13',
          '9b3f7a2e-1c4d-4e58-b6a7-3d2c1e0f9a84',
        ],
      },
    ],
  });
export type ReorderBody = z.input<typeof reorderBodySchema>;

// ---- subscription plans ----------------------------------------------------

export const createSubscriptionPlanBodySchema = z
  .strictObject({
    name: nameSchema,
    description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
    price: dollarPriceSchema,
    interval: z.enum(planIntervals, "Interval must be 'month' or 'year'"),
    creditsPerPeriod: packageCreditsSchema('Credits per period'),
    features: z
      .array(z.string().trim().min(1, 'A feature cannot be empty').max(120, 'A feature must be at most 120 characters'))
      .max(20, 'At most 20 features')
      .default([]),
    isActive: z.boolean().optional(),
  })
  .meta({
    examples: [
      {
        name: 'Studio Yearly',
        description: 'Studio for a whole year, two months free.',
        price: 390,
        interval: 'year',
        creditsPerPeriod: 3600,
        features: ['3600 credits every year', 'Unlimited AI background', 'Unlimited downloads', 'Priority support'],
        isActive: true,
      },
    ],
  });
export type CreateSubscriptionPlanBody = z.input<typeof createSubscriptionPlanBodySchema>;

export const updateSubscriptionPlanBodySchema = nonEmptyBody(
  z
    .strictObject({
      name: nameSchema,
      description: z.string().trim().max(500, 'Description must be at most 500 characters'),
      price: dollarPriceSchema,
      interval: z.enum(planIntervals, "Interval must be 'month' or 'year'"),
      creditsPerPeriod: packageCreditsSchema('Credits per period'),
      features: z
        .array(z.string().trim().min(1, 'A feature cannot be empty').max(120, 'A feature must be at most 120 characters'))
        .max(20, 'At most 20 features'),
      isActive: z.boolean(),
    })
    .partial(),
  'Nothing to update',
).meta({
  examples: [
    {
      price: 16.99,
      creditsPerPeriod: 120,
      features: ['120 credits every month', 'Unlimited AI background', 'Unlimited downloads', 'Email support'],
    },
  ],
});
export type UpdateSubscriptionPlanBody = z.input<typeof updateSubscriptionPlanBodySchema>;

// ---- service costs ---------------------------------------------------------

export const adminServiceCostSchema = z.object({
  serviceKey: z.string(),
  name: z.string(),
  cost: z.number().int(),
  updatedAt: z.string(),
});
export type AdminServiceCost = z.infer<typeof adminServiceCostSchema>;
export const adminServiceCostListSchema = z.array(adminServiceCostSchema);

export const serviceKeyParamsSchema = z.strictObject({ serviceKey: z.string().min(1).max(64) });

export const updateServiceCostBodySchema = z
  .strictObject({
    cost: z
      .number()
      .int('Cost must be a whole number')
      .min(0, 'Cost must be 0 (unlimited) or more')
      .max(MAX_SERVICE_COST, `Cost must be at most ${MAX_SERVICE_COST}`),
  })
  .meta({ examples: [{ cost: 2 }] });
export type UpdateServiceCostBody = z.input<typeof updateServiceCostBodySchema>;

// ---- users and credit adjustments -----------------------------------------

export const userStatuses = ['active', 'suspended', 'unverified'] as const;
export type UserStatus = (typeof userStatuses)[number];
/** free: never bought credits or a subscription; paid: has. */
export const userPlans = ['free', 'paid'] as const;
export type UserPlan = (typeof userPlans)[number];
export const userSorts = ['newest', 'oldest', 'name', 'email', 'balance', 'spent'] as const;
export type UserSort = (typeof userSorts)[number];

export const adminUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  role: z.enum(roles).optional(),
  status: z.enum(userStatuses, 'status must be active, suspended or unverified').optional(),
  plan: z.enum(userPlans, 'plan must be free or paid').optional(),
  sort: z.enum(userSorts, 'sort must be newest, oldest, name, email, balance or spent').default('newest'),
  ...paginationQueryShape,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** suspended wins over unverified (an unverified e-mail can still sign in). */
  status: z.enum(userStatuses),
  plan: z.enum(userPlans),
  balance: z.number().int(),
  spent: z.number().int(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUserListSchema = paginatedSchema(adminUserSummarySchema);
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** GET /admin/users/{id}: the user, their suspension and the first page of their ledger. */
export const adminUserDetailSchema = z.object({ user: userSchema, suspension: suspensionSchema, ledger: creditHistorySchema });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adjustCreditsBodySchema = z
  .strictObject({
    amount: numberField('Amount')
      .int('Amount must be a whole number of credits')
      .min(-MAX_ADJUSTMENT, `Amount must be at least -${MAX_ADJUSTMENT}`)
      .max(MAX_ADJUSTMENT, `Amount must be at most ${MAX_ADJUSTMENT}`)
      .refine((value) => value !== 0, 'Amount cannot be 0'),
    reason: z
      .string('A reason is required')
      .trim()
      .min(3, 'The reason must be at least 3 characters')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .meta({
    examples: [
      { amount: 25, reason: 'Goodwill credits for three failed try-on jobs' },
      { amount: -10, reason: 'Reverses a duplicate manual grant' },
    ],
  });
export type AdjustCreditsBody = z.input<typeof adjustCreditsBodySchema>;

/** PUT /admin/users/{id}/role */
export const changeRoleBodySchema = z
  .strictObject({ role: z.enum(roles, "Role must be 'USER' or 'ADMIN'") })
  .meta({ examples: [{ role: 'ADMIN' }] });
export type ChangeRoleBody = z.input<typeof changeRoleBodySchema>;

/** POST /admin/users/{id}/credits data: the new ledger entry and the balance after it. */
export const adjustCreditsResultSchema = z.object({ entry: ledgerEntrySchema, balance: z.number().int() });
export type AdjustCreditsResult = z.infer<typeof adjustCreditsResultSchema>;

// ---- audit log -------------------------------------------------------------

/** ?from / ?to of admin lists: a date (YYYY-MM-DD; `to` includes that whole day) or an ISO date-time. */
export const rangeBoundSchema = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], `${name} must be a date (YYYY-MM-DD) or an ISO date-time`)
    .refine(isWithinSupportedYears, supportedYearsMessage(name));

export const auditLogQuerySchema = z.strictObject({
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(100).optional(),
  /** Part of the admin's e-mail, the action, the target id or the IP. */
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  from: rangeBoundSchema('from').optional(),
  to: rangeBoundSchema('to').optional(),
  ...paginationQueryShape,
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** e.g. 'credit_package.update', 'user.credit_adjustment'. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = paginatedSchema(auditEntrySchema);
export type AuditLog = z.infer<typeof auditLogSchema>;
