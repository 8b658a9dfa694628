import type { FastifyBaseLogger } from 'fastify';
import { expiryReminderDays, formatKeyMoment } from '@lumen/core/api-keys/schemas';
import type { Db } from '../../db/database.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { createPeriodicTask } from '../../lib/periodic-task.ts';
import type { PeriodicTask } from '../../lib/periodic-task.ts';
import type { Mailer, RenderedMail } from '../mail/index.ts';
import { claimExpiryReminders } from './api-keys.repository.ts';

/** How often keys are checked for a due reminder. */
export const EXPIRY_REMINDER_INTERVAL_MS = 15 * 60_000;

export function apiKeyExpiringMail(input: {
  firstName: string;
  keyName: string;
  keyPrefix: string;
  expiresAt: Date;
  manageUrl: string;
}): RenderedMail {
  const when = formatKeyMoment(input.expiresAt);
  const lines = [
    `Hi ${input.firstName},`,
    `Your Lumen Studio API key "${input.keyName}" (${input.keyPrefix}…) expires on ${when}. From then on, requests made with it are refused.`,
    `To keep your integration running, create a new key and switch to it before then: ${input.manageUrl}`,
    'If you no longer need the key, you can ignore this e-mail.',
  ];
  const title = `Your API key "${input.keyName.replace(/[\r\n]+/g, ' ')}" expires on ${when}`;
  const body = lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  return {
    template: 'api_key_expiring',
    subject: title,
    text: `${lines.join('\n\n')}\n\n— Lumen Studio\n`,
    html:
      '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;background:#f6f6f8;padding:24px">' +
      '<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">' +
      `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}` +
      '<p style="margin:24px 0 0;color:#666;font-size:12px">Lumen Studio</p></div></body></html>',
  };
}

/**
 * E-mails the owner of each key that expires within 7 days, and again within 1 day: each reminder once per
 * key. Closest first, so a key first seen one day before expiry gets the 1-day reminder only. A reminder
 * is marked sent before it is written to the outbox: if that write fails it is not retried (at most once).
 * Returns how many were sent.
 */
export async function sendExpiryReminders(deps: {
  db: Db;
  mailer: Mailer;
  now: Date;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<number> {
  let sent = 0;
  const manageUrl = `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/account/api-management`;
  for (const days of [...expiryReminderDays].sort((a, b) => a - b)) {
    for (const key of await claimExpiryReminders(deps.db, deps.now, days)) {
      try {
        await deps.mailer.send(
          key.owner.email,
          apiKeyExpiringMail({
            firstName: key.owner.firstName,
            keyName: key.name,
            keyPrefix: key.keyPrefix,
            expiresAt: key.expiresAt,
            manageUrl,
          }),
        );
        sent += 1;
      } catch (error) {
        deps.log?.warn({ err: error, keyId: key.id }, 'API key expiry reminder could not be written');
      }
    }
  }
  return sent;
}

/** The reminders on an interval, in every API process (the claim keeps them to one send each). */
export function createExpiryReminderTask(options: {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs?: number;
}): PeriodicTask {
  return createPeriodicTask({
    name: 'API key expiry reminders',
    run: () =>
      sendExpiryReminders({ db: options.db, mailer: options.mailer, now: options.clock(), publicUrl: options.publicUrl, log: options.log }),
    log: options.log,
    intervalMs: options.intervalMs ?? EXPIRY_REMINDER_INTERVAL_MS,
  });
}
