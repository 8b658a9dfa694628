/** A limit: at most `max` hits per window of `windowMs` (a `max` of 0 turns it off). */
export type Limit = { max: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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
  /** Unknown API keys and refresh tokens per IP (each costs a hash and a lookup): past it, 429 before any lookup. */
  failedAuthPerIp: Limit;
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
    failedAuthPerIp: { max: 30, windowMs: 15 * MINUTE },
  };
}

export const DEFAULT_SIGNUPS_PER_IP_PER_HOUR = 10;
export const DEFAULT_FREE_JOBS_PER_DAY = 50;

/** Every limit off: the server tests' default, where one IP (127.0.0.1) plays every user. */
export const noClientLimits: ClientLimits = Object.fromEntries(
  Object.entries(defaultClientLimits({ signupsPerIpPerHour: 0, freeJobsPerAccountPerDay: 0 })).map(([name, limit]) => [
    name,
    { ...limit, max: 0 },
  ]),
) as ClientLimits;
