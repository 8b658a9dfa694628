import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ipBlockMessages } from '@lumen/core/admin/ip-blocks';
import { AppError } from '../../plugins/app-error.ts';
import { isIpBlocked } from './ip-blocks.service.ts';

/** Refuses every request from a blocked range with a 403, before any route work. */
export const ipBlocksPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (await isIpBlocked(app.db, request.ip)) throw new AppError('FORBIDDEN', 403, ipBlockMessages.blocked);
    });
  },
  { name: 'ip-blocks', dependencies: ['db'] },
);
