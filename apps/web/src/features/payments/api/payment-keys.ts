/** Query keys of the payments resource. */
export const paymentKeys = {
  all: ['payments'] as const,
  plans: () => [...paymentKeys.all, 'plans'] as const,
  usage: () => [...paymentKeys.all, 'usage'] as const,
};
