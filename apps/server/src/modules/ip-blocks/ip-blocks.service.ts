import { desc, eq } from 'drizzle-orm';
import { ipBlockMessages } from '@lumen/core/admin/ip-blocks';
import type { IpBlock } from '@lumen/core/admin/ip-blocks';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { userDirectory } from '../users/index.ts';
import { cidrText, createMatcher, parseCidr } from './cidr.ts';
import type { Cidr } from './cidr.ts';
import { blockedIpRanges } from './tables.ts';

/** Other processes pick up a change within this long; this process at once. */
export const IP_BLOCKS_CACHE_MS = 10_000;

type Cached = { isBlocked: (ip: string) => boolean; expiresAt: number };
const matchers = new WeakMap<Db, Cached>();

/** The verdict from the ranges kept in memory, or undefined when they must be read again first. */
export function cachedIpVerdict(db: Db, ip: string): boolean | undefined {
  const cached = matchers.get(db);
  return cached && cached.expiresAt > Date.now() ? cached.isBlocked(ip) : undefined;
}

/** True when the address is inside a blocked range (read through a short cache, refreshed on every change). */
export async function isIpBlocked(db: Db, ip: string): Promise<boolean> {
  let cached = matchers.get(db);
  if (!cached || cached.expiresAt <= Date.now()) {
    const rows = await db.select({ cidr: blockedIpRanges.cidr }).from(blockedIpRanges);
    const ranges = rows.map((row) => parseCidr(row.cidr)).filter((range): range is Cidr => range !== null);
    cached = { isBlocked: createMatcher(ranges), expiresAt: Date.now() + IP_BLOCKS_CACHE_MS };
    matchers.set(db, cached);
  }
  return cached.isBlocked(ip);
}

const creator = userDirectory('creator');

export async function listIpBlocks(db: Db): Promise<IpBlock[]> {
  const rows = await db
    .select({ block: blockedIpRanges, email: creator.email })
    .from(blockedIpRanges)
    .leftJoin(creator, eq(creator.id, blockedIpRanges.createdBy))
    .orderBy(desc(blockedIpRanges.createdAt));
  return rows.map(({ block, email }) => ({
    id: block.id,
    cidr: block.cidr,
    reason: block.reason,
    createdBy: email,
    createdAt: block.createdAt.toISOString(),
  }));
}

/** Blocks a range, never one that holds the acting admin's own address. Audited. */
export async function addIpBlock(db: Db, actor: AuditActor, input: { cidr: string; reason: string }): Promise<IpBlock> {
  const range = parseCidr(input.cidr);
  if (!range)
    throw new AppError('VALIDATION_ERROR', 400, ipBlockMessages.invalidCidr, {
      details: [{ field: 'cidr', message: ipBlockMessages.invalidCidr }],
    });
  if (actor.ip && createMatcher([range])(actor.ip)) {
    throw new AppError('CONFLICT', 409, `${ipBlockMessages.ownRange} (${actor.ip}).`);
  }
  const cidr = cidrText(range);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(blockedIpRanges).values({ cidr, reason: input.reason, createdBy: actor.userId }).returning();
      await insertAuditEntry(tx, actor, {
        action: 'ip_block.add',
        targetType: 'ip_block',
        targetId: row?.id ?? null,
        before: null,
        after: { cidr, reason: input.reason },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, ipBlockMessages.duplicate);
    throw error;
  }
  matchers.delete(db);
  const created = (await listIpBlocks(db)).find((block) => block.cidr === cidr);
  if (!created) throw new Error('The blocked range vanished');
  return created;
}

export async function removeIpBlock(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedIpRanges).where(eq(blockedIpRanges.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 404, ipBlockMessages.notFound);
    await insertAuditEntry(tx, actor, {
      action: 'ip_block.remove',
      targetType: 'ip_block',
      targetId: id,
      before: { cidr: row.cidr, reason: row.reason },
      after: null,
    });
  });
  matchers.delete(db);
}
