import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { JobProviders } from '../jobs/index.ts';
import { loadPricing, runCostOf } from '../provider-prices/index.ts';
import { getPlatformSettings } from '../settings/index.ts';
import { mailBudgetAlerts } from './budget-alerts.ts';
import { createProviderBudgets, settleFailedJob, settleFinishedJob } from './budget.ts';
import { openSharedCircuits } from './circuits.ts';
import { cancelRequestOnce, claimCancel, endSucceededRequest, recordProviderCall, requestRecords } from './requests.ts';
import { checkProviderBudget } from './spend.ts';

/** The hosted providers as the jobs module asks for them (its port, decision 087): app.ts and worker.ts pass this in. */
export const jobProviders: JobProviders = {
  openCircuits: openSharedCircuits,
  mailBudgetAlerts,
  budgets(deps) {
    const { db, engines } = deps;
    return createProviderBudgets({
      db,
      log: deps.log,
      unpricedReservationMicroUsd: Math.round((deps.unpricedReservationUsd ?? 1) * 1_000_000),
      onAlert: deps.onAlert,
      async expectedCostMicroUsd(job, provider, model) {
        // The provider's price at the admin's rates for this job's params (the price table's, else the override's).
        return runCostOf(await loadPricing(db), engines, job.service as ServiceKey, { name: provider, model }, job.params);
      },
      async limits() {
        const settings = await getPlatformSettings(db);
        return { totalUsd: settings.dailyProviderSpendCapUsd, byProvider: settings.providerDailyBudgetsUsd };
      },
    });
  },
  requestRecords,
  recordCall: recordProviderCall,
  claimCancel,
  cancelOnce: cancelRequestOnce,
  async settleFinishedJob(tx, jobId, run) {
    await settleFinishedJob(tx, jobId, run);
    // The request that made the result (a queued provider's) ends on record with the run's cost.
    await endSucceededRequest(tx, jobId, run);
  },
  settleFailedJob,
  checkBudget: checkProviderBudget,
};
