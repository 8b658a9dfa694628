import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Changes the database announces on CHANGE_CHANNEL (triggers of migration 0010), delivered to every process when
 * the changing transaction commits: 'sessions:<user id>' when a session is revoked or its owner suspended or deleted,
 * 'public:<table>' when something public pages show changes (packages, plans, service costs, posts, videos, settings),
 * 'api_keys:<key id>' (0015) and 'balances:<user id>' when an account's balance changes (0016, or published by the
 * process that submitted a job).
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
   * For a change its own statement did not announce (the one-statement job submission, migration 0016), once it has
   * committed: tells this process's subscribers at once and every process through the database soon after. Notices
   * published while one NOTIFY is under way go out together in the next, so a burst of changes costs one commit.
   */
  publish(notice: ChangeNotice): void;
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

/** Sends payloads on CHANGE_CHANNEL, each once, in one statement (so in one transaction). */
type SendNotices = (payloads: string[]) => Promise<unknown>;

const SEND_NOTICES_SQL = `SELECT pg_notify('${CHANGE_CHANNEL}', payload) FROM unnest($1::text[]) AS payload`;
/** A send that failed (the database unreachable) is tried again after this, with what was published meanwhile. */
const SEND_RETRY_MS = 1_000;

function createFeed(listen: (deliver: (payload: string) => void, onDrop: () => void) => Promise<Listening>, send: SendNotices): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let live = false;
  let closed = false;
  let listening: Listening | null = null;
  let started = false;
  let retryMs = 500;

  const unsent = new Set<string>();
  let sending = false;
  const sendUnsent = () => {
    if (sending || unsent.size === 0 || closed) return;
    sending = true;
    const payloads = [...unsent];
    unsent.clear();
    void send(payloads).then(
      () => {
        sending = false;
        sendUnsent();
      },
      () => {
        for (const payload of payloads) unsent.add(payload);
        setTimeout(() => {
          sending = false;
          sendUnsent();
        }, SEND_RETRY_MS).unref();
      },
    );
  };

  const announce = (notice: ChangeNotice) => {
    for (const listener of listeners) listener.onNotice(notice);
  };
  const deliver = (payload: string) => {
    if (payload === CATCH_UP_PAYLOAD) return;
    const notice = parseNotice(payload);
    if (notice) announce(notice);
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
    announce,
    publish: (notice) => {
      announce(notice);
      unsent.add(`${notice.topic}:${notice.key}`);
      sendUnsent();
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
export function postgresChangeFeed(connectionString: string, pool: pg.Pool): ChangeFeed {
  const send: SendNotices = (payloads) => pool.query(SEND_NOTICES_SQL, [payloads]);
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
  }, send);
}

/** The embedded database: one process, so its own notifications are all there is. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return createFeed(
    async (deliver) => {
      const stop = await client.listen(CHANGE_CHANNEL, deliver);
      // PGlite runs in this process and hands each notice over as its transaction commits.
      return { stop, catchUp: async () => undefined };
    },
    (payloads) => client.query(SEND_NOTICES_SQL, [payloads]),
  );
}
