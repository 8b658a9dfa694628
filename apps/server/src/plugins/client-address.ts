import { isIPv4 } from 'node:net';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { TrustProxy } from '../config/trust-proxy.ts';

/**
 * Fastify's `trustProxy` for our TRUST_PROXY. A hop count is a function of the hop's position: the socket's peer is
 * hop 0, the rightmost X-Forwarded-For entry hop 1, and so on, so `hops` 1 takes the address the one proxy appended.
 * (Fastify's own `true` trusts every hop and takes the leftmost entry, which the client writes; its number trusts
 * none.) A list goes to Fastify as it is: proxy-addr skips the trusted addresses from the right and takes the first
 * other one.
 */
export function trustProxyOption(trustProxy: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (trustProxy === false) return false;
  if ('hops' in trustProxy) {
    const { hops } = trustProxy;
    return (_address: string, hop: number) => hop < hops;
  }
  return trustProxy.proxies;
}

/**
 * The client's address, the one every per-address limit, allow-list, block and record uses: the socket's peer, or
 * behind trusted proxies the X-Forwarded-For entry the nearest trusted proxy appended (never the leftmost, never
 * X-Real-IP or Forwarded). An IPv4 client seen through an IPv6 socket (::ffff:203.0.113.9) is written as IPv4.
 */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip;
  // The usual case, an IPv4 address node:net accepts, is already written one way only: no parse on every request.
  if (isIPv4(ip)) return ip;
  return ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;
}
