import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ipBlockMessages } from '@lumen/core/admin/ip-blocks';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { cachedIpVerdict, isIpBlocked } from './ip-blocks.service.ts';

/**
 * Refuses every request from a blocked range with a 403, before any route work. A callback hook: while the ranges
 * are in memory (almost always) the verdict needs no promise.
 */
export const ipBlocksPlugin = fp(
  async (app: FastifyInstance) => {
    const refusal = () => new AppError('FORBIDDEN', 403, ipBlockMessages.blocked);
    app.addHook('onRequest', (request, _reply, done) => {
      const ip = clientAddress(request);
      const verdict = cachedIpVerdict(app.db, ip);
      if (verdict !== undefined) return verdict ? done(refusal()) : done();
      isIpBlocked(app.db, ip).then(
        (blocked) => (blocked ? done(refusal()) : done()),
        (error: Error) => done(error),
      );
    });
  },
  { name: 'ip-blocks', dependencies: ['db'] },
);
