import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PlanGrid } from './plan-grid.tsx';
import { PACKAGES_LOAD_ERROR, resolveSelection, usePricingData } from './use-pricing-data.ts';

/**
 * The plan grid with its loading and failure states. The first package is preselected until
 * the user picks another one; a controlled selection may be passed in.
 */
export function PlanGridSection({
  selectedId: controlledId,
  onSelect: controlledOnSelect,
  beforePayment,
  toastOnError = true,
}: {
  selectedId?: string | null;
  onSelect?: (packageId: string) => void;
  beforePayment?: () => void;
  toastOnError?: boolean;
}) {
  const { packages, services, isLoading, isError, retry } = usePricingData({ toastOnError });
  const [ownId, setOwnId] = useState<string | null>(null);
  const chosenId = controlledId !== undefined ? controlledId : ownId;
  const selectedId = resolveSelection(packages, chosenId);

  if (isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading plans…" />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {isError && <ErrorState message={PACKAGES_LOAD_ERROR} onRetry={retry} />}
      <PlanGrid
        packages={packages}
        services={services}
        selectedId={selectedId}
        onSelect={controlledOnSelect ?? setOwnId}
        beforePayment={beforePayment}
      />
    </div>
  );
}
