import { sql } from 'drizzle-orm';
import type { AdminIntroductionDialog, UpdateIntroductionDialogBody } from '@lumen/core/jobs/schemas';
import { serviceKeys } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { defaultIntroductionDialogs } from './default-dialogs.ts';
import { introductionDialogs } from './tables.ts';
import type { IntroductionDialogRow } from './tables.ts';

const target = 'introduction_dialog';

function toAdminDialog(service: ServiceKey, row: IntroductionDialogRow | undefined): AdminIntroductionDialog {
  const fallback = defaultIntroductionDialogs[service];
  return {
    service,
    title: row?.title ?? fallback.title,
    body: row?.body ?? fallback.body,
    enabled: row?.enabled ?? true,
    updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
    updatedBy: row?.updatedBy ?? null,
  };
}

/** The onboarding dialog of each tool, as admins see and edit it; each edit is audited. */
export function createIntroductionDialogsAdminService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One per service, in the catalogue's order (a service without a row shows its default). */
    async list(): Promise<AdminIntroductionDialog[]> {
      const rows = await db.select().from(introductionDialogs);
      return serviceKeys.map((service) =>
        toAdminDialog(
          service,
          rows.find((row) => row.service === service),
        ),
      );
    },

    async update(actor: AuditActor, service: ServiceKey, input: UpdateIntroductionDialogBody): Promise<AdminIntroductionDialog> {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(introductionDialogs)
          .where(sql`${introductionDialogs.service} = ${service}`)
          .for('update');
        const values = { title: input.title, body: input.body, enabled: input.enabled, updatedBy: actor.userId, updatedAt: sql`now()` };
        const [row] = await tx
          .insert(introductionDialogs)
          .values({ service, ...values })
          .onConflictDoUpdate({ target: introductionDialogs.service, set: values })
          .returning();
        const before = existing ? { title: existing.title, body: existing.body, enabled: existing.enabled } : null;
        await insertAuditEntry(tx, actor, {
          action: `${target}.update`,
          targetType: target,
          targetId: service,
          before,
          after: { title: input.title, body: input.body, enabled: input.enabled },
        });
        return toAdminDialog(service, row);
      });
    },
  };
}
