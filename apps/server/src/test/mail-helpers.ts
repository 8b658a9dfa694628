import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MailTemplate } from '@lumen/core/admin/mail-outbox';
import { mailOutbox } from '../modules/mail/tables.ts';
import type { MailOutboxRow } from '../modules/mail/tables.ts';

/** Waits for background work (mail, reset codes), then reads the newest message to `to`. */
export async function latestMail(app: FastifyInstance, to: string, template?: MailTemplate): Promise<MailOutboxRow | null> {
  await app.backgroundTasks.drain();
  const conditions = [eq(mailOutbox.to, to)];
  if (template) conditions.push(eq(mailOutbox.template, template));
  const [row] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return row ?? null;
}

export async function mailsTo(app: FastifyInstance, to: string): Promise<MailOutboxRow[]> {
  await app.backgroundTasks.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The 6-digit code in a message's text. */
export function codeIn(mail: MailOutboxRow | null): string {
  const match = mail ? /\b(\d{6})\b/.exec(mail.text) : null;
  if (!match?.[1]) throw new Error(`no code in mail: ${mail?.text ?? 'none'}`);
  return match[1];
}

export async function latestCode(app: FastifyInstance, to: string, template: MailTemplate): Promise<string> {
  return codeIn(await latestMail(app, to, template));
}
