import type { FastifyBaseLogger } from 'fastify';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { Db } from '../../db/database.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mailer, RenderedMail } from '../mail/index.ts';
import { adminEmails } from '../users/index.ts';
import type { BudgetAlert } from '../jobs/index.ts';

const dollars = (microUsd: number) => `$${(microUsd / 1_000_000).toFixed(2)}`;

/** The admins' e-mail when a day's provider budget (the total or one provider's) reaches 80 or 100 per cent. */
export function providerBudgetAlertMail(alert: BudgetAlert): RenderedMail {
  const which =
    alert.scope === 'total' ? 'the daily budget for hosted AI providers' : `${providerDisplayNames[alert.scope]}’s daily budget`;
  const subject =
    alert.percent === 100 ? `Hosted AI budget used up: ${which} (${alert.day})` : `Hosted AI budget at 80 %: ${which} (${alert.day})`;
  const lines = [
    `${alert.percent === 100 ? 'Used up' : '80 % used'}: ${which} for ${alert.day} (UTC). ${dollars(alert.committedMicroUsd)} of ${dollars(alert.limitMicroUsd)} is spent or reserved by jobs under way.`,
    alert.percent === 100
      ? alert.scope === 'total'
        ? 'Jobs on hosted providers are refused until 00:00 UTC (their credits are refunded), unless you raise the budget on /admin/settings.'
        : 'Jobs are sent to the service’s next provider, or refused when there is none, until 00:00 UTC or until you raise the budget on /admin/settings.'
      : 'Nothing is refused yet. The spend per provider is on /admin/providers; the budgets are on /admin/settings.',
  ];
  return {
    template: 'provider_budget_alert',
    subject,
    text: `${lines.join('\n\n')}\n\n— Lumen Studio\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
  };
}

/** Sends a claimed budget alert to every admin (the claim in the ledger makes it one e-mail per threshold per day). */
export function mailBudgetAlerts(deps: { db: Db; mailer: () => Mailer | undefined; log: FastifyBaseLogger }) {
  return async (alert: BudgetAlert): Promise<void> => {
    const mailer = deps.mailer();
    deps.log.warn({ ...alert }, `provider budget: ${alert.scope} at ${alert.percent} % for ${alert.day}`);
    if (!mailer) return;
    const admins = await adminEmails(deps.db);
    const mail = providerBudgetAlertMail(alert);
    for (const email of admins) await mailer.send(email, mail);
  };
}
