import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { builtinEngines } from '@lumen/engines';
import type { AnyEngine, EngineResult } from '@lumen/engines';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../files/index.ts';
import { insertFinishedJob } from '../jobs/index.ts';
import { firstAdminId } from '../users/index.ts';
import { communityPosts } from './tables.ts';

type FeaturedItem = { service: ServiceKey; title: string; params: Record<string, unknown> };

/**
 * What the team publishes on a fresh install, so that a visitor's first look at the gallery shows what the tools
 * make. Each is run through the product's built-in engine (never a paid hosted provider) when the worker starts.
 * They are the examples of the product pages, with the same params: `featured-items.test.ts` checks each against
 * the examples manifest (apps/web/public/examples/manifest.json, written by apps/web/scripts/make-examples.ts).
 */
export const featuredItems: FeaturedItem[] = [
  {
    service: 'image-generator',
    title: 'Sunset over the sea',
    params: {
      prompt: 'a calm sunset over the sea with mountains, warm orange and purple',
      style: 'landscape',
      aspectRatio: '4:3',
      numberOfImages: 1,
    },
  },
  {
    service: 'image-generator',
    title: 'Watercolour garden',
    params: {
      prompt: 'a dreamy watercolor garden with flowers and trees in soft pink',
      style: 'watercolor',
      aspectRatio: '4:3',
      numberOfImages: 1,
    },
  },
  {
    service: 'image-generator',
    title: 'Neon skyline',
    params: { prompt: 'a night city skyline with stars, electric blue and magenta', style: 'neon', aspectRatio: '4:3', numberOfImages: 1 },
  },
  {
    service: 'image-generator',
    title: 'Quiet shapes',
    params: { prompt: 'calm geometric shapes in sage green and cream', style: 'minimal', aspectRatio: '4:3', numberOfImages: 1 },
  },
  {
    service: 'sound-generator',
    title: 'Rain and piano',
    params: { prompt: 'gentle rain with soft piano, calm and dreamy', durationSeconds: 6, format: 'wav' },
  },
];

const FEATURED_LOCK_ID = 727_002;

async function hasAnyPost(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(communityPosts);
  return (row?.total ?? 0) > 0;
}

type Made = { item: FeaturedItem; engine: AnyEngine; result: EngineResult; jobId: string; stored: StoredFile[] };
type StoredFile = { id: string; kind: EngineResult['files'][number]['kind']; name: string; contentType: string; size: number; key: string };

/**
 * On a database with no community post at all, runs the featured items through the built-in engines and publishes
 * them as the first admin's featured posts. Safe to call from every worker at once: one of them publishes, the others
 * find posts and throw their files away. Returns how many posts it published, and logs it when it published any;
 * stopped through `signal`, it publishes nothing and returns 0.
 */
export async function publishFeaturedPosts(deps: {
  db: Db;
  storage: Storage;
  signal?: AbortSignal;
  log?: FastifyBaseLogger;
}): Promise<number> {
  const { db, storage } = deps;
  if (await hasAnyPost(db)) return 0;
  const adminId = await firstAdminId(db);
  if (!adminId) return 0;

  const made: Made[] = [];
  try {
    for (const item of featuredItems) {
      const engine = builtinEngines[item.service];
      const signal = deps.signal ?? new AbortController().signal;
      const result = await engine.run({ params: item.params, files: {} }, { signal, onProgress: () => undefined });
      const jobId = randomUUID();
      const stored: StoredFile[] = [];
      for (const file of result.files) {
        const id = randomUUID();
        const key = `jobs/${jobId}/${id}`;
        await storage.put(key, file.data);
        stored.push({ id, kind: file.kind, name: file.name, contentType: file.contentType, size: file.data.length, key });
      }
      made.push({ item, engine, result, jobId, stored });
    }
    const published = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_LOCK_ID})`);
      if (await hasAnyPost(tx)) return 0;
      const finishedAt = new Date();
      for (const [index, { item, engine, result, jobId, stored }] of made.entries()) {
        await insertFinishedJob(tx, {
          id: jobId,
          userId: adminId,
          service: item.service,
          params: item.params,
          engineKind: engine.kind,
          engineLabel: engine.label,
          summary: (result.summary as Record<string, unknown> | undefined) ?? null,
          finishedAt,
          outputs: stored.map((file) => ({
            id: file.id,
            kind: file.kind,
            name: file.name,
            contentType: file.contentType,
            size: file.size,
            storageKey: file.key,
          })),
        });
        await tx.insert(communityPosts).values({
          userId: adminId,
          jobId,
          // A sound's post plays its MP3 (the WAV comes first in the job's files).
          outputId: (stored.find((file) => file.contentType === 'audio/mpeg') ?? stored[0]!).id,
          service: item.service,
          title: item.title,
          prompt: String(item.params.prompt),
          moderation: 'approved',
          featured: true,
          // A second apart, so the gallery lists them in the order above.
          createdAt: new Date(finishedAt.getTime() - index * 1000),
        });
      }
      return made.length;
    });
    if (published === 0) await deleteStored(storage, made);
    else deps.log?.info({ published }, 'published the featured community posts');
    return published;
  } catch (error) {
    await deleteStored(storage, made);
    if (deps.signal?.aborted) return 0; // the process is stopping: nothing published, and nothing went wrong
    throw error;
  }
}

async function deleteStored(storage: Storage, made: Made[]): Promise<void> {
  for (const file of made.flatMap((entry) => entry.stored)) await storage.delete(file.key).catch(() => undefined);
}
