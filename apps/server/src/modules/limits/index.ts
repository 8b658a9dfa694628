export { checkLimit, deleteEndedWindows, hitLimit, releaseHit } from './limit-counters.ts';
export type { Limit, LimitHit } from './limit-counters.ts';
export { clientOf, subnetOf, waitInWords } from './client-limits.ts';
export {
  DEFAULT_FREE_JOBS_PER_DAY,
  DEFAULT_SIGNUPS_PER_IP_PER_HOUR,
  defaultClientLimits,
  noClientLimits,
} from '../../config/client-limits.ts';
export type { ClientLimits } from '../../config/client-limits.ts';
export { createNetworkLimits, limitPerIp, tooManyFromNetwork } from './per-ip-limit.ts';
export type { NetworkLimitPair, NetworkLimits } from './per-ip-limit.ts';
export { failedAuthOf, limitsPlugin } from './limits.plugin.ts';
export type { FailedAuthLimit } from './failed-auth-limit.ts';
