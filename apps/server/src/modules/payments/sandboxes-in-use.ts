import type { FastifyInstance } from 'fastify';
import { decorationOf } from '../../plugins/decorations.ts';
import './card-payments.plugin.ts';
import './crypto-payments.plugin.ts';

/** Which payment methods this process runs on the built-in sandbox providers (test mode), for the admin's overview. */
export function paymentSandboxesOf(app: FastifyInstance): ('card' | 'crypto')[] {
  const card = decorationOf(app, 'cardPayments', 'cardPaymentsPlugin').sandbox !== null;
  const crypto = decorationOf(app, 'cryptoPayments', 'cryptoPaymentsPlugin').sandbox !== null;
  return [...(card ? (['card'] as const) : []), ...(crypto ? (['crypto'] as const) : [])];
}
