import { and, eq } from 'drizzle-orm';
import type { IntroductionDialog } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { defaultIntroductionDialogs } from './default-dialogs.ts';
import { introductionDialogDismissals, introductionDialogs } from './tables.ts';

export async function getIntroductionDialog(db: Db, userId: string, service: ServiceKey): Promise<IntroductionDialog> {
  const [[dialog], [dismissal]] = await Promise.all([
    db.select().from(introductionDialogs).where(eq(introductionDialogs.service, service)),
    db
      .select({ service: introductionDialogDismissals.service })
      .from(introductionDialogDismissals)
      .where(and(eq(introductionDialogDismissals.userId, userId), eq(introductionDialogDismissals.service, service))),
  ]);
  const content = dialog ?? { ...defaultIntroductionDialogs[service], enabled: true };
  return { service, title: content.title, body: content.body, enabled: content.enabled, seen: Boolean(dismissal) };
}

/** Dismissed for good (idempotent). */
export async function dismissIntroductionDialog(db: Db, userId: string, service: ServiceKey): Promise<void> {
  await db.insert(introductionDialogDismissals).values({ userId, service }).onConflictDoNothing();
}
