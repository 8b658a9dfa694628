import type { MailOutboxList, MailOutboxMessage } from '@lumen/core/admin/mail-outbox';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findOutboxMessage, findOutboxPage } from './mail.repository.ts';
import type { MailOutboxRow } from './tables.ts';

const summaryOf = (row: MailOutboxRow) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  template: row.template,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export function createMailOutboxService({ db }: { db: Db }) {
  return {
    async list(query: { to?: string; limit: number; page: number }): Promise<MailOutboxList> {
      const { rows, total } = await findOutboxPage(db, query);
      return { items: rows.map(summaryOf), page: query.page, limit: query.limit, total, totalPages: totalPagesFor(total, query.limit) };
    },
    async get(id: string): Promise<MailOutboxMessage> {
      const row = await findOutboxMessage(db, id);
      if (!row) throw new AppError('NOT_FOUND', 404, 'Message not found');
      return { ...summaryOf(row), text: row.text, html: row.html };
    },
  };
}
