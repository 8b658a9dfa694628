import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Dialog } from '@/components/ui/dialog.tsx';
import { UPGRADE_OPEN_EVENT } from '../api/upgrade-modal-events.ts';
import { PlanGridSection } from './plan-grid-section.tsx';

/** The 'Upgrade Your Plan' modal with the pricing page's plan grid; opened by 'upgrade:open'. */
export function UpgradeModal() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(UPGRADE_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(UPGRADE_OPEN_EVENT, onOpen);
  }, []);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Upgrade Your Plan"
      description="Buy a one-time credit package. Credits never expire and work with every tool."
      size="xl"
    >
      <PlanGridSection beforePayment={() => setOpen(false)} />
      <p className="mt-5 text-center text-sm">
        <Link
          to="/company/pricing"
          onClick={() => setOpen(false)}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          Monthly plans, detailed pricing and usage comparison <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </p>
    </Dialog>
  );
}
