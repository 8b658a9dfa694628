export { metricsPlugin } from './metrics.plugin.ts';
