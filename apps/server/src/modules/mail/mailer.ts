import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import { insertOutboxMessage, setOutboxStatus } from './mail.repository.ts';
import type { RenderedMail } from './mail-templates.ts';

export type Mailer = {
  /**
   * Records the message in mail_outbox and, with SMTP, delivers it in the background
   * (the caller never waits for the SMTP server). Returns the outbox id.
   */
  send(to: string, mail: RenderedMail): Promise<string>;
  isSmtp: boolean;
};

type MailerDeps = {
  db: Db;
  smtpUrl: string | null;
  from: string;
  tasks: BackgroundTasks;
  log: { warn(object: object, message: string): void };
};

export function createMailer({ db, smtpUrl, from, tasks, log }: MailerDeps): Mailer & { close(): void } {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    isSmtp: transport !== null,
    async send(to, mail) {
      const { headers, ...stored } = mail;
      const row = await insertOutboxMessage(db, { to, ...stored, status: transport ? 'sent' : 'stored' });
      if (transport) {
        tasks.run(async () => {
          try {
            await transport.sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html, headers });
          } catch (error) {
            log.warn({ err: error, outboxId: row.id }, 'mail delivery failed');
            await setOutboxStatus(db, row.id, 'failed', error instanceof Error ? error.message.slice(0, 500) : 'failed');
          }
        });
      }
      return row.id;
    },
    close() {
      transport?.close();
    },
  };
}
