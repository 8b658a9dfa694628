/** Query keys of the credits resource (one factory; mutations invalidate through it). */
export type PageParams = { page: number; limit: number };

export const creditKeys = {
  all: ['credits'] as const,
  balance: () => [...creditKeys.all, 'balance'] as const,
  history: (params: PageParams) => [...creditKeys.all, 'history', params] as const,
  transactionHistories: () => [...creditKeys.all, 'transaction-history'] as const,
  transactionHistory: (params: PageParams) => [...creditKeys.transactionHistories(), params] as const,
  usageHistories: () => [...creditKeys.all, 'usage-history'] as const,
  usageHistory: (params: PageParams) => [...creditKeys.usageHistories(), params] as const,
  packages: () => [...creditKeys.all, 'packages'] as const,
  costs: () => [...creditKeys.all, 'costs'] as const,
};
