import type { AuditLog } from '@lumen/core/admin/schemas';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { findAuditPage } from './audit.repository.ts';

export function createAuditLogService({ db }: { db: Db }) {
  return {
    async list(query: {
      action?: string;
      targetType?: string;
      search?: string;
      from?: string;
      to?: string;
      limit: number;
      page: number;
    }): Promise<AuditLog> {
      const { rows, total } = await findAuditPage(db, query);
      return {
        items: rows.map((row) => ({
          id: row.id,
          actorUserId: row.actorUserId,
          actorEmail: row.actorEmail,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          before: row.before,
          after: row.after,
          ip: row.ip,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
        })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },
  };
}
