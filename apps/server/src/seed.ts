import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { defaultServiceCosts } from '@lumen/core/services/catalogue';
import type { Db } from './db/database.ts';
import { creditPackages, serviceCosts } from './modules/credits/tables.ts';
import { insertCreditAccount } from './modules/credits/index.ts';
import { subscriptionPlans } from './modules/payments/plans/tables.ts';
import { UNLIMITED_AI_BACKGROUND_BODY, defaultIntroductionDialogs } from './modules/introduction-dialogs/index.ts';
import { introductionDialogs } from './modules/introduction-dialogs/tables.ts';
import { seedBlogPosts } from './modules/blog/index.ts';
import { findUserByEmail, hasAdmin, insertUser } from './modules/users/index.ts';
import type { PasswordHasher } from './modules/auth/index.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@lumen.local';

/**
 * The packages' naming rules, in order: '20 Credits', 'Pro' (price 9, 'Best value'),
 * 'Plus' (third, 'Most Popular'), and one above $19.20 so crypto is offered.
 */
export const seedCreditPackages = [
  { name: '20 Credits', priceCents: 500, creditsAmount: 20, sortOrder: 1 },
  { name: 'Pro', priceCents: 900, creditsAmount: 50, sortOrder: 2 },
  { name: 'Plus', priceCents: 1900, creditsAmount: 120, sortOrder: 3 },
  { name: '350 Credits', priceCents: 4900, creditsAmount: 350, sortOrder: 4 },
] as const;

/** The monthly plans offered on a fresh install, beside the one-time packages (subscription checkout: payments/subscriptions). */
export const seedSubscriptionPlans = [
  {
    name: 'Creator',
    description: 'For regular creators: fresh credits every month.',
    priceCents: 1500,
    interval: 'month' as const,
    creditsPerPeriod: 100,
    features: ['100 credits every month', 'Unlimited AI background', 'Unlimited downloads', 'Email support'],
    sortOrder: 1,
  },
  {
    name: 'Studio',
    description: 'For teams and heavy users.',
    priceCents: 3900,
    interval: 'month' as const,
    creditsPerPeriod: 300,
    features: ['300 credits every month', 'Unlimited AI background', 'Unlimited downloads', 'Priority support'],
    sortOrder: 2,
  },
];

type SeedDeps = {
  db: Db;
  hasher: PasswordHasher;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Where the generated admin password is printed (once, when the admin is created). */
  print: (text: string) => void;
};

/** A password that meets the policy: letters and digits, 20 characters. */
function generatePassword(): string {
  const raw = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
  return `${raw.slice(0, 18)}a7`;
}

/** Idempotent first-start data: service costs, credit packages, subscription plans and one admin. */
export async function seedDatabase(deps: SeedDeps): Promise<void> {
  const generated = await deps.db.transaction(async (tx) => {
    // Several processes may start at once against one PostgreSQL: seed one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    return seedWith({ ...deps, db: tx });
  });
  if (generated) deps.print(adminBanner(generated.email, generated.password));
}

const SEED_LOCK_ID = 727_001;

async function seedWith({ db, hasher, adminEmail, adminPassword }: SeedDeps): Promise<{ email: string; password: string } | null> {
  await db
    .insert(serviceCosts)
    .values(Object.entries(defaultServiceCosts).map(([serviceKey, cost]) => ({ serviceKey, cost })))
    .onConflictDoNothing();

  const [packages] = await db.select({ total: count() }).from(creditPackages);
  if (!packages?.total) await db.insert(creditPackages).values([...seedCreditPackages]);

  const [plans] = await db.select({ total: count() }).from(subscriptionPlans);
  if (!plans?.total) await db.insert(subscriptionPlans).values(seedSubscriptionPlans);

  await db
    .insert(introductionDialogs)
    .values(Object.entries(defaultIntroductionDialogs).map(([service, dialog]) => ({ service, ...dialog, enabled: true })))
    .onConflictDoNothing();
  // Databases seeded before AI Background's text named its daily limit: corrected unless an admin rewrote it.
  await db
    .update(introductionDialogs)
    .set({ body: defaultIntroductionDialogs['ai-background'].body })
    .where(and(eq(introductionDialogs.service, 'ai-background'), eq(introductionDialogs.body, UNLIMITED_AI_BACKGROUND_BODY)));

  await seedBlogPosts(db);

  if (await hasAdmin(db)) return null;
  const email = (adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (await findUserByEmail(db, email)) return null;
  const password = adminPassword ?? generatePassword();
  const passwordHash = await hasher.hash(password);
  // The operator chose this address (ADMIN_EMAIL) or took the local default, which no mailbox receives: the first
  // admin starts verified instead of being asked for a code (decision 104).
  const admin = await insertUser(db, {
    firstName: 'Admin',
    lastName: 'User',
    email,
    passwordHash,
    role: 'ADMIN',
    emailVerifiedAt: new Date(),
  });
  await insertCreditAccount(db, admin.id);
  return adminPassword ? null : { email, password };
}

function adminBanner(email: string, password: string): string {
  return [
    '',
    '================================================================',
    ' An admin account was created. Its password is shown only once:',
    `   email:    ${email}`,
    `   password: ${password}`,
    ' Set ADMIN_EMAIL / ADMIN_PASSWORD before the first start to choose them.',
    '================================================================',
    '',
  ].join('\n');
}
