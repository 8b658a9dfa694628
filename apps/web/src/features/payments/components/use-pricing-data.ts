import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { visiblePackages } from '@lumen/core/credits/rules';
import { withCosts } from '@/lib/service-details.ts';
import { useCreditPackagesQuery } from '@/features/credits/api/credit-packages.ts';
import { useServiceCostsQuery } from '@/features/credits/api/service-costs.ts';

export const PACKAGES_LOAD_ERROR = 'Failed to load credit packages';

/** The package the user chose if it is still listed, else the first one (first preselected). */
export function resolveSelection(packages: readonly { id: string }[], chosenId: string | null | undefined): string | null {
  return packages.some((pkg) => pkg.id === chosenId) ? (chosenId ?? null) : (packages[0]?.id ?? null);
}

/** The active packages (in order) and the services with their current costs. */
export function usePricingData({ toastOnError = false }: { toastOnError?: boolean } = {}) {
  const packagesQuery = useCreditPackagesQuery();
  const costsQuery = useServiceCostsQuery();
  const packages = useMemo(() => visiblePackages(packagesQuery.data ?? []), [packagesQuery.data]);
  const services = useMemo(() => withCosts(costsQuery.data), [costsQuery.data]);

  const { isError, errorUpdatedAt } = packagesQuery;
  useEffect(() => {
    if (toastOnError && isError) toast.error(PACKAGES_LOAD_ERROR);
  }, [toastOnError, isError, errorUpdatedAt]);

  return {
    packages,
    services,
    isLoading: packagesQuery.isPending,
    isError: packagesQuery.isError,
    retry: () => {
      void packagesQuery.refetch();
      if (costsQuery.isError) void costsQuery.refetch();
    },
  };
}
