import { Link } from 'react-router';
import { displayedCredit, hasEnoughCredits, usesFor } from '@lumen/core/credits/rules';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Card } from '@/components/ui/card.tsx';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { costLabel, serviceByKey } from '@/lib/service-details.ts';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { TryOnPhotoGuide } from '../components/try-on-photo-guide.tsx';

export function ToolPage({ service: key }: { service: ServiceKey }) {
  const service = serviceByKey(key);
  const { user } = useAuth();
  const { balance } = displayedCredit(user?.credit);
  const uses = usesFor(balance, service.cost);
  const enough = hasEnoughCredits(balance, service.cost);
  return (
    <>
      <PageHeader eyebrow="Tools" title={service.name} description={service.description} />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Card>
          <p className="text-sm text-slate-600">Cost</p>
          <p className="mt-1 text-xl font-bold text-slate-900">{costLabel(service.cost)}</p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Your balance</p>
          <p className="mt-1 text-xl font-bold text-slate-900">{balance} credits</p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Uses left</p>
          <p className="mt-1 text-xl font-bold text-slate-900">{uses === 'unlimited' ? 'Unlimited' : uses}</p>
          {!enough && (
            <Link to="/company/pricing" className="mt-1 inline-block text-xs font-semibold text-brand-700 hover:underline">
              Not enough credits — buy more
            </Link>
          )}
        </Card>
      </div>
      <ComingSoonNotice>Uploading files and running {service.name} jobs arrive in a later release.</ComingSoonNotice>
      {key === 'virtual-try-on' && <TryOnPhotoGuide />}
    </>
  );
}
