import type { Server, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** The message with which the supervisor (scripts/supervisor.mjs) hands this process one accepted connection. */
export const HANDED_CONNECTION_MESSAGE = 'lumen:connection';

/** Set by the supervisor when it owns the listening socket and hands connections over (the embedded database). */
export function connectionsAreHandedOver(): boolean {
  return process.env.LUMEN_HANDED_CONNECTIONS === '1';
}

export type HandedConnections = {
  /**
   * Before a graceful stop: every response from now on says `Connection: close`, and a connection left idle for a
   * second is closed; resolves once every handed connection is closed (or after `timeoutMs`). No request is cut off,
   * and clients reconnect to the supervisor, which holds the connections for the replacement.
   */
  drain(timeoutMs: number): Promise<void>;
};

/** How long a kept-alive connection may stay idle while draining: a client sending its next request meanwhile gets
 * its answer with `Connection: close` instead of a reset. */
const IDLE_GRACE_MS = 1_000;

/**
 * Serves the connections the supervisor hands over on the IPC channel instead of listening on a port. On the embedded
 * database only one process at a time may open it, so during a replacement the supervisor holds new connections
 * until the new process is ready rather than letting them be refused (decision 067).
 */
export function acceptHandedConnections(server: Server): HandedConnections {
  const open = new Set<Socket>();
  const inFlight = new Map<Socket, ServerResponse>();
  const idleSince = new Map<Socket, number>();
  let draining = false;
  // Before the app's own listener, so the header is set even when the app answers at once.
  server.prependListener('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, response);
    idleSince.delete(socket);
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight.delete(socket);
      idleSince.set(socket, Date.now());
    });
  });
  process.on('message', (message: unknown, handle: unknown) => {
    if ((message as { type?: unknown } | null)?.type !== HANDED_CONNECTION_MESSAGE || !(handle instanceof Socket)) return;
    open.add(handle);
    idleSince.set(handle, Date.now());
    handle.once('close', () => {
      open.delete(handle);
      inFlight.delete(handle);
      idleSince.delete(handle);
    });
    server.emit('connection', handle);
  });
  return {
    async drain(timeoutMs) {
      draining = true;
      for (const response of inFlight.values()) if (!response.headersSent) response.setHeader('connection', 'close');
      const deadline = Date.now() + timeoutMs;
      // A server that never listened does not track its connections, so closeIdleConnections() would not see these.
      while (open.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const socket of open) {
          if (!inFlight.has(socket) && now - (idleSince.get(socket) ?? now) >= IDLE_GRACE_MS) socket.destroy();
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
