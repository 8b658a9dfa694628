export { autoTopUpRoutes } from './auto-top-up.routes.ts';
export { AUTO_TOP_UP_TOPIC, LOW_BALANCE_TOPIC, createBalanceWatch } from './balance-watch.ts';
export { createTopUpRunner } from './top-up-runner.ts';
export type { TopUpRunner } from './top-up-runner.ts';
