import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { pricePerCredit, usesFor } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDollars, formatUses } from '@/lib/format.ts';
import type { ServiceDetails } from '@/lib/service-details.ts';

export type PlanCardProps = {
  id: string;
  name: string;
  label?: string | null;
  price: number;
  credits: number;
  services: ServiceDetails[];
  isSelected?: boolean;
  buttonLabel: string;
  buttonDisabled?: boolean;
  footnote?: ReactNode;
  onClick: () => void;
};

/** One plan of the grid (the free Starter plan or a credit package). Clicking anywhere on it chooses it. */
export function PlanCard({
  id,
  name,
  label,
  price,
  credits,
  services,
  isSelected = false,
  buttonLabel,
  buttonDisabled = false,
  footnote,
  onClick,
}: PlanCardProps) {
  const headingId = `plan-${id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      aria-current={isSelected ? 'true' : undefined}
      data-selected={isSelected || undefined}
      onClick={onClick}
      className={cn(
        'relative flex cursor-pointer flex-col rounded-2xl border bg-white p-5 shadow-sm transition',
        isSelected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200 hover:border-brand-300',
      )}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        {label && <Badge tone="brand">{label}</Badge>}
        {isSelected && <Badge tone="success">Selected</Badge>}
      </div>
      <h3 id={headingId} className="mt-2 text-lg font-semibold text-slate-900">
        {name}
      </h3>
      <p className="mt-2">
        <span className="text-3xl font-bold text-slate-900">{formatDollars(price)}</span>
        <span className="ml-1 text-sm text-slate-500">{price === 0 ? 'free forever' : 'one-time'}</span>
      </p>
      <p className="mt-1 text-sm font-medium text-slate-800">{credits} credits</p>
      <p className="text-xs text-slate-500">{price === 0 ? 'No credit card required' : `$${pricePerCredit(price, credits)} per credit`}</p>
      <ul className="mt-4 space-y-1.5 text-xs text-slate-700" aria-label={`What ${name} buys`}>
        {services.map((service) => (
          <li key={service.key} className="flex items-start gap-1.5">
            <Check className="mt-0.5 h-3.5 w-3.5 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              {service.name}: <strong className="font-semibold">{formatUses(usesFor(credits, service.cost))}</strong>
            </span>
          </li>
        ))}
      </ul>
      {footnote && <div className="mt-3 text-xs text-slate-500">{footnote}</div>}
      <div className="mt-auto pt-5">
        <Button
          className="w-full"
          variant={isSelected ? 'primary' : 'outline'}
          disabled={buttonDisabled}
          onClick={(event) => {
            event.stopPropagation();
            onClick();
          }}
        >
          {buttonLabel}
        </Button>
      </div>
    </article>
  );
}
