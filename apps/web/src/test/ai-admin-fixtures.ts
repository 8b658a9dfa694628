import type { AdminJob, AdminJobDetail, TryOnCatalogueItem } from '@lumen/core/jobs/schemas';

export const JOB_ID = '11111111-1111-4111-8111-111111111111';
export const USER_ID = '22222222-2222-4222-8222-222222222222';

export function makeAdminJob(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: JOB_ID,
    service: 'virtual-try-on',
    status: 'failed',
    progress: 0.4,
    params: { category: 'top', consentToLikeness: true },
    cost: 2,
    engine: { kind: 'builtin', label: 'Built-in try-on (cut-out garment warped to the body, runs offline)' },
    error: 'No person was found in the person photo; use a clear, front-facing photo',
    refunded: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:02.000Z',
    finishedAt: '2026-11-20T10:00:05.500Z',
    durationMs: 3500,
    outputs: [],
    summary: null,
    canDownload: false,
    user: { id: USER_ID, email: 'ada@example.com', name: 'Ada Lovelace' },
    ...overrides,
  };
}

export function makeAdminJobDetail(overrides: Partial<AdminJobDetail> = {}): AdminJobDetail {
  return {
    ...makeAdminJob(),
    inputs: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        field: 'person',
        purpose: 'image',
        name: 'me.jpg',
        contentType: 'image/jpeg',
        size: 204800,
        width: 800,
        height: 1200,
        previewUrl: '/api/v1/files/tok-person',
        createdAt: '2026-11-20T09:59:00.000Z',
      },
    ],
    timings: { queuedMs: 2000, runningMs: 3500, heartbeatAt: '2026-11-20T10:00:05.000Z' },
    attempts: 1,
    ledgerEntries: [
      {
        id: '44444444-4444-4444-8444-444444444444',
        kind: 'job_charge',
        amount: -2,
        balanceAfter: 3,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    provider: null,
    ...overrides,
  };
}

export function makeCatalogueItem(overrides: Partial<TryOnCatalogueItem> = {}): TryOnCatalogueItem {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    name: 'Red T-shirt',
    category: 'top',
    imageUrl: '/api/v1/files/tok-shirt',
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
