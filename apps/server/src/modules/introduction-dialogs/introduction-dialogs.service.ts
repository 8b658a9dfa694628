import { and, eq } from 'drizzle-orm';
import type { IntroductionDialog } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { FREE_RUNS_PLACEHOLDER, defaultIntroductionDialogs, freeRunsText } from './default-dialogs.ts';
import { introductionDialogDismissals, introductionDialogs } from './tables.ts';

/** `freeRunsPerDay`: the configured free runs a day per account, written where the text says `{free runs a day}`. */
export async function getIntroductionDialog(
  db: Db,
  userId: string,
  service: ServiceKey,
  freeRunsPerDay: number,
): Promise<IntroductionDialog> {
  const [[dialog], [dismissal]] = await Promise.all([
    db.select().from(introductionDialogs).where(eq(introductionDialogs.service, service)),
    db
      .select({ service: introductionDialogDismissals.service })
      .from(introductionDialogDismissals)
      .where(and(eq(introductionDialogDismissals.userId, userId), eq(introductionDialogDismissals.service, service))),
  ]);
  const content = dialog ?? { ...defaultIntroductionDialogs[service], enabled: true };
  const body = content.body.replaceAll(FREE_RUNS_PLACEHOLDER, freeRunsText(freeRunsPerDay));
  return { service, title: content.title, body, enabled: content.enabled, seen: Boolean(dismissal) };
}

/** Dismissed for good (idempotent). */
export async function dismissIntroductionDialog(db: Db, userId: string, service: ServiceKey): Promise<void> {
  await db.insert(introductionDialogDismissals).values({ userId, service }).onConflictDoNothing();
}
