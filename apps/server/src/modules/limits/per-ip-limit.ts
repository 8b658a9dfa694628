import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import type { ClientLimits } from '../../config/client-limits.ts';
import { clientOf, subnetOf, waitInWords } from './client-limits.ts';
import { checkLimit, hitLimit, releaseHit } from './limit-counters.ts';
import type { LimitHit } from './limit-counters.ts';

export type LimitName = keyof ClientLimits;

export function tooManyFromNetwork(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', 429, `Too many attempts from your network. Please try again in ${waitInWords(retryAfterSeconds)}.`, {
    retryAfterSeconds,
  });
}

/** Limits that count per client: one per IP and one per the IP's /24 or /56 subnet (many addresses, one client). */
export type NetworkLimitPair = { perIp: LimitName; perSubnet: LimitName };

export function createNetworkLimits(deps: { db: Db; limits: ClientLimits; clock: () => Date }) {
  const { db, limits, clock } = deps;
  const keysOf = (pair: NetworkLimitPair, ip: string) => [
    { key: `${pair.perIp}:ip:${clientOf(ip)}`, limit: limits[pair.perIp] },
    { key: `${pair.perSubnet}:subnet:${subnetOf(ip)}`, limit: limits[pair.perSubnet] },
  ];
  const refuseIfAny = (hits: LimitHit[]) => {
    const refused = hits.find((hit) => !hit.allowed);
    if (refused && !refused.allowed) throw tooManyFromNetwork(refused.retryAfterSeconds);
  };
  return {
    /** Counts one hit per IP and per subnet; 429 when either is used up (a refused hit counts nothing more). */
    async hit(pair: NetworkLimitPair, ip: string): Promise<void> {
      const [ipKey, subnetKey] = keysOf(pair, ip);
      const byIp = await hitLimit(db, ipKey!.key, ipKey!.limit, clock());
      if (!byIp.allowed) throw tooManyFromNetwork(byIp.retryAfterSeconds);
      const bySubnet = await hitLimit(db, subnetKey!.key, subnetKey!.limit, clock());
      if (!bySubnet.allowed) {
        if (ipKey!.limit.max > 0) await releaseHit(db, ipKey!.key);
        throw tooManyFromNetwork(bySubnet.retryAfterSeconds);
      }
    },
    /** 429 when either is used up, without counting. */
    async check(pair: NetworkLimitPair, ip: string): Promise<void> {
      refuseIfAny(await Promise.all(keysOf(pair, ip).map(({ key, limit }) => checkLimit(db, key, limit, clock()))));
    },
    /** Gives back one hit of each (the request turned out not to count). */
    async release(pair: NetworkLimitPair, ip: string): Promise<void> {
      for (const { key, limit } of keysOf(pair, ip)) if (limit.max > 0) await releaseHit(db, key);
    },
  };
}

export type NetworkLimits = ReturnType<typeof createNetworkLimits>;

/** An onRequest hook: counts the request against the client IP's `name` limit; 429 with Retry-After once used up. */
export const limitPerIp = (name: LimitName) => async (request: FastifyRequest) => {
  const app = request.server;
  const hit = await hitLimit(app.db, `${name}:ip:${clientOf(clientAddress(request))}`, app.config.clientLimits[name], app.clock());
  if (!hit.allowed) throw tooManyFromNetwork(hit.retryAfterSeconds);
};
