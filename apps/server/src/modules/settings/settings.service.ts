import { eq, sql } from 'drizzle-orm';
import { platformSettingsSchema } from '@lumen/core/settings/platform-settings';
import type { AdminSettings, PlatformSettings, PlatformSettingsInput } from '@lumen/core/settings/platform-settings';
import type { Db } from '../../db/database.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { userDirectory } from '../users/index.ts';
import { platformSettings } from './tables.ts';

/** Other processes see a change within this long; this process sees its own writes at once. */
export const SETTINGS_CACHE_MS = 5_000;

type Cached = { value: PlatformSettings; expiresAt: number };
const cache = new WeakMap<Db, Cached>();

/** A stored row that no longer validates (a hand edit) falls back field by field to the defaults. */
function parseStored(data: unknown): PlatformSettings {
  const parsed = platformSettingsSchema.safeParse(data ?? {});
  if (parsed.success) return parsed.data;
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (platformSettingsSchema.safeParse({ [key]: value }).success) kept[key] = value;
  }
  return platformSettingsSchema.parse(kept);
}

const editor = userDirectory('editor');

async function readSettings(db: Db) {
  const [row] = await db
    .select({ data: platformSettings.data, updatedAt: platformSettings.updatedAt, updatedBy: editor.email })
    .from(platformSettings)
    .leftJoin(editor, eq(editor.id, platformSettings.updatedBy))
    .where(eq(platformSettings.id, 1));
  return { settings: parseStored(row?.data), updatedAt: row?.updatedAt ?? null, updatedBy: row?.updatedBy ?? null };
}

/**
 * The platform settings the app works with (sign-ups, banner, free credits, crypto threshold, key
 * rate limit, links, seller details). Cached briefly per database; a write through
 * updatePlatformSettings clears it. Pass the transaction when reading inside one.
 */
export async function getPlatformSettings(db: Db): Promise<PlatformSettings> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  const { settings } = await readSettings(db);
  cache.set(db, { value: settings, expiresAt: Date.now() + SETTINGS_CACHE_MS });
  return settings;
}

export async function getAdminSettings(db: Db): Promise<AdminSettings> {
  const { settings, updatedAt, updatedBy } = await readSettings(db);
  return { settings, updatedAt: updatedAt?.toISOString() ?? null, updatedBy };
}

/** Replaces the settings (the whole validated object), audited with before and after in one transaction. */
export async function updatePlatformSettings(db: Db, actor: AuditActor, input: PlatformSettingsInput): Promise<AdminSettings> {
  const next = platformSettingsSchema.parse(input);
  await db.transaction(async (tx) => {
    // Serialise concurrent saves so each audit record's "before" is the state it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const { settings: before } = await readSettings(tx);
    await tx
      .insert(platformSettings)
      .values({ id: 1, data: next, updatedBy: actor.userId, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: platformSettings.id, set: { data: next, updatedBy: actor.userId, updatedAt: sql`now()` } });
    await insertAuditEntry(tx, actor, { action: 'settings.update', targetType: 'settings', targetId: 'platform', before, after: next });
  });
  cache.delete(db);
  return getAdminSettings(db);
}
