import ipaddr from 'ipaddr.js';
import type { Limit } from './limit-counters.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Limits per client address, subnet and account that bound guessing and floods over time (the
 * per-code 5-try limit bounds one code only). A `max` of 0 turns one off. docs/security.md lists
 * the threat each one answers.
 */
export type ClientLimits = {
  /** New accounts per IP, and per /24 (IPv4) or /56 (IPv6) subnet. */
  signupsPerIp: Limit;
  signupsPerSubnet: Limit;
  /** "An account with this email already exists" answers: how many addresses one client can test. */
  takenEmailAnswersPerIp: Limit;
  takenEmailAnswersPerSubnet: Limit;
  /** Verification e-mails to one address (sign-up plus resends). */
  verificationMailsPerAddress: Limit;
  /** Requests to the code-checking and reset routes per IP. */
  codeRequestsPerIp: Limit;
  /** Codes issued to one account per day (every purpose together). */
  codesIssuedPerAccount: Limit;
  /** Wrong codes per account per day, across every code it is sent. */
  failedCodeTriesPerAccount: Limit;
  /** Runs of a free (0-credit) AI tool per account and per IP per day. */
  freeJobsPerAccount: Limit;
  freeJobsPerIp: Limit;
};

export function defaultClientLimits(options: { signupsPerIpPerHour: number; freeJobsPerAccountPerDay: number }): ClientLimits {
  const signups = options.signupsPerIpPerHour;
  const freeJobs = options.freeJobsPerAccountPerDay;
  return {
    signupsPerIp: { max: signups, windowMs: HOUR },
    signupsPerSubnet: { max: signups * 3, windowMs: HOUR },
    takenEmailAnswersPerIp: { max: signups, windowMs: HOUR },
    takenEmailAnswersPerSubnet: { max: signups * 3, windowMs: HOUR },
    verificationMailsPerAddress: { max: 10, windowMs: DAY },
    codeRequestsPerIp: { max: 60, windowMs: HOUR },
    codesIssuedPerAccount: { max: 10, windowMs: DAY },
    failedCodeTriesPerAccount: { max: 20, windowMs: DAY },
    freeJobsPerAccount: { max: freeJobs, windowMs: DAY },
    freeJobsPerIp: { max: freeJobs * 2, windowMs: DAY },
  };
}

export const DEFAULT_SIGNUPS_PER_IP_PER_HOUR = 10;
export const DEFAULT_FREE_JOBS_PER_DAY = 50;

/** Every limit off: the server tests' default, where one IP (127.0.0.1) plays every user. */
export const noClientLimits: ClientLimits = Object.fromEntries(
  Object.entries(defaultClientLimits({ signupsPerIpPerHour: 0, freeJobsPerAccountPerDay: 0 })).map(([name, limit]) => [name, { ...limit, max: 0 }]),
) as ClientLimits;

/** The /24 (IPv4) or /56 (IPv6) network an address belongs to; IPv4-mapped IPv6 counts as IPv4. */
export function subnetOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const bytes = address.toByteArray().slice(0, 7).concat(Array(9).fill(0));
  return `${ipaddr.fromByteArray(bytes).toString()}/56`;
}

/**
 * The address a per-IP limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * host or home usually holds a whole /64 and could otherwise step through its addresses).
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray().slice(0, 8).concat(Array(8).fill(0));
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}

/** "2 hours" / "5 minutes": how long a limit still holds, rounded up so nobody comes back too early. */
export function waitInWords(seconds: number): string {
  if (seconds >= 3600) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
