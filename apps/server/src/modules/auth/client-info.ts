import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import type { ClientInfo } from './session-issuer.ts';

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: clientAddress(request), userAgent: request.headers['user-agent'] ?? null };
}
