import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import { currentUser } from '../../plugins/guards.ts';
import type { AuditActor } from './audit.repository.ts';

/** The signed-in admin and where the request came from, for the audit record. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const userAgent = request.headers['user-agent'];
  return { userId: currentUser(request).id, ip: clientAddress(request), userAgent: userAgent ? userAgent.slice(0, 500) : null };
}
