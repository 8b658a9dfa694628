import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../../plugins/fastify-types.ts';
import { decorationOf } from '../../plugins/decorations.ts';
import { createMailer } from './mailer.ts';
import type { Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** app.mailer: SMTP_URL through nodemailer, every message also kept in mail_outbox (decision 008). */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: { announce: (line: string) => void }) => {
    const { config } = app;
    const mailer = createMailer({ db: app.db, smtpUrl: config.smtpUrl, from: config.mailFrom, tasks: app.backgroundTasks, log: app.log });
    if (!mailer.isSmtp)
      options.announce('Mail: SMTP_URL is not set, so e-mails are only written to the mail outbox (Admin › Mail outbox).');
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);

/** The mailer mailPlugin made (other modules read it here, not as app.mailer). */
export const mailerOf = (app: FastifyInstance): Mailer => decorationOf(app, 'mailer', 'mailPlugin');
