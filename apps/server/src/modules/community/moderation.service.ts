import { communityMessages } from '@lumen/core/community/schemas';
import type { ModerationAction, ModerationPost, ModerationQueueQuery, PostStatus } from '@lumen/core/community/schemas';
import type { Paginated } from '@lumen/core/http/pagination';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { FileLinks } from '../files/index.ts';
import {
  findModerationPage,
  findPost,
  findPostRow,
  insertModerationAction,
  listModerationOf,
  listReportsOf,
  resolveReports,
  updatePost,
} from './community.repository.ts';
import type { PostRecord } from './community.repository.ts';
import { toPostDto } from './post.dto.ts';

const statusAfter: Record<ModerationAction, PostStatus> = { approve: 'published', hide: 'hidden', delete: 'deleted' };

export function createModerationService({ db, links }: { db: Db; links: FileLinks }) {
  async function detailed(records: PostRecord[]): Promise<ModerationPost[]> {
    const ids = records.map((record) => record.post.id);
    const [reports, history] = await Promise.all([listReportsOf(db, ids), listModerationOf(db, ids)]);
    return records.map((record) => {
      const own = reports.filter((report) => report.postId === record.post.id);
      return {
        ...toPostDto(record, null, { kind: 'private', links }),
        author: { id: record.author.id, name: `${record.author.firstName} ${record.author.lastName}`.trim(), email: record.author.email },
        openReports: record.post.reportsCount,
        reports: own.map((report) => ({ reason: report.reason, reporter: report.reporter, createdAt: report.createdAt.toISOString() })),
        history: history
          .filter((entry) => entry.postId === record.post.id)
          .map((entry) => ({ action: entry.action, reason: entry.reason, admin: entry.admin, createdAt: entry.createdAt.toISOString() })),
      };
    });
  }

  return {
    async queue(query: ModerationQueueQuery): Promise<Paginated<ModerationPost>> {
      const { rows, total } = await findModerationPage(db, query.filter, { limit: query.limit, offset: (query.page - 1) * query.limit });
      return { items: await detailed(rows), page: query.page, limit: query.limit, total, totalPages: totalPagesFor(total, query.limit) };
    },

    /** Approve, hide or delete with a reason: the post, its open reports, the moderation record and the audit entry change together. */
    async moderate(actor: AuditActor, postId: string, action: ModerationAction, reason: string): Promise<ModerationPost> {
      await db.transaction(async (tx) => {
        const row = await findPostRow(tx, postId, { forUpdate: true });
        if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND', 404, communityMessages.postNotFound);
        const before = { status: row.status, moderation: row.moderation, openReports: row.reportsCount };
        const after = { status: statusAfter[action], moderation: 'approved' as const, openReports: 0 };
        await updatePost(tx, postId, { status: after.status, moderation: after.moderation, reportsCount: 0 });
        await resolveReports(tx, postId);
        await insertModerationAction(tx, { postId, adminId: actor.userId, action, reason });
        await insertAuditEntry(tx, actor, {
          action: `community_post.${action}`,
          targetType: 'community_post',
          targetId: postId,
          before,
          after: { ...after, reason },
        });
      });
      const record = await findPost(db, postId, null);
      if (!record) throw new AppError('NOT_FOUND', 404, communityMessages.postNotFound);
      const [post] = await detailed([record]);
      return post!;
    },
  };
}
