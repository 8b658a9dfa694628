import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Changes the database announces on CHANGE_CHANNEL (triggers of migration 0010), delivered to every process when
 * the changing transaction commits: 'sessions:<user id>' when a session is revoked or its owner suspended or deleted,
 * 'public:<table>' when something public pages show changes (packages, plans, service costs, posts, videos, settings).
 */
export const CHANGE_CHANNEL = 'lumen_changes';

export type ChangeNotice = { topic: string; key: string };

export type ChangeListener = {
  onNotice(notice: ChangeNotice): void;
  /** Notices may have been missed (the listening connection dropped): forget everything kept. */
  onReset(): void;
};

export type ChangeFeed = {
  subscribe(listener: ChangeListener): () => void;
  /**
   * True while notices arrive. A copy of database state may only be served from memory then; the feed starts
   * listening on the first subscription, so it is false until then.
   */
  isLive(): boolean;
  /** Tells this process's subscribers at once, before the database's notice arrives (an admin write it just answered). */
  announce(notice: ChangeNotice): void;
  /**
   * Resolves once every notice of a transaction committed before the call has reached the subscribers, so this
   * process's next read sees its own write (a revoked session is refused on the very next request). When the feed
   * cannot tell within CATCH_UP_TIMEOUT_MS, subscribers forget everything instead.
   */
  catchUp(): Promise<void>;
  close(): Promise<void>;
};

export const CATCH_UP_TIMEOUT_MS = 2_000;
/** The notice catchUp() sends itself; subscribers never see it. */
const CATCH_UP_PAYLOAD = 'catch-up:';

type Listening = {
  stop: () => Promise<void>;
  /** Resolves after the listening connection has received every notice committed before the call. */
  catchUp: () => Promise<void>;
};

function parseNotice(payload: string): ChangeNotice | null {
  const colon = payload.indexOf(':');
  return colon > 0 ? { topic: payload.slice(0, colon), key: payload.slice(colon + 1) } : null;
}

function createFeed(listen: (deliver: (payload: string) => void, onDrop: () => void) => Promise<Listening>): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let live = false;
  let closed = false;
  let listening: Listening | null = null;
  let started = false;
  let retryMs = 500;

  const deliver = (payload: string) => {
    if (payload === CATCH_UP_PAYLOAD) return;
    const notice = parseNotice(payload);
    if (notice) for (const listener of listeners) listener.onNotice(notice);
  };
  const reset = () => {
    for (const listener of listeners) listener.onReset();
  };
  const start = async (): Promise<void> => {
    if (closed) return;
    try {
      listening = await listen(deliver, () => {
        live = false;
        reset();
        setTimeout(() => void start(), retryMs).unref();
      });
      live = true;
      retryMs = 500;
    } catch {
      live = false;
      retryMs = Math.min(retryMs * 2, 10_000);
      setTimeout(() => void start(), retryMs).unref();
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!started) {
        started = true;
        void start();
      }
      return () => listeners.delete(listener);
    },
    isLive: () => live && !closed,
    announce: (notice) => {
      for (const listener of listeners) listener.onNotice(notice);
    },
    async catchUp() {
      if (!live || !listening) return;
      let timer: NodeJS.Timeout | undefined;
      const caughtUp = await Promise.race([
        listening.catchUp().then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!caughtUp) reset();
    },
    async close() {
      closed = true;
      live = false;
      await listening?.stop().catch(() => undefined);
    },
  };
}

/** PostgreSQL: one connection of its own, outside the pool, that LISTENs and reconnects after a drop. */
export function postgresChangeFeed(connectionString: string): ChangeFeed {
  return createFeed(async (deliver, onDrop) => {
    const client = new pg.Client({ connectionString });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      onDrop();
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) deliver(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      dropped = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    return {
      stop: async () => {
        dropped = true;
        await client.end();
      },
      // PostgreSQL queues notices in commit order and a session that commits a NOTIFY receives every notice queued
      // before its own ahead of the query's answer: once this answers, the earlier notices have been delivered.
      catchUp: async () => {
        await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, CATCH_UP_PAYLOAD]);
      },
    };
  });
}

/** The embedded database: one process, so its own notifications are all there is. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return createFeed(async (deliver) => {
    const stop = await client.listen(CHANGE_CHANNEL, deliver);
    // PGlite runs in this process and hands each notice over as its transaction commits.
    return { stop, catchUp: async () => undefined };
  });
}
