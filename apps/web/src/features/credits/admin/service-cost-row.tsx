import { useState } from 'react';
import { toast } from 'sonner';
import { MAX_SERVICE_COST } from '@lumen/core/admin/schemas';
import type { AdminServiceCost } from '@lumen/core/admin/schemas';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { costLabel } from '@/lib/service-details.ts';
import { useUpdateServiceCost } from '../api/admin-service-costs.ts';
import { costEffects } from './cost-effects.ts';
import type { PlanCredits } from './cost-effects.ts';

function parseCost(text: string): { cost?: number; error?: string } {
  if (text.trim() === '') return { error: 'Enter a cost (0 = unlimited)' };
  const cost = Number(text);
  if (!Number.isInteger(cost)) return { error: 'Cost must be a whole number' };
  if (cost < 0) return { error: 'Cost must be 0 (unlimited) or more' };
  if (cost > MAX_SERVICE_COST) return { error: `Cost must be at most ${MAX_SERVICE_COST}` };
  return { cost };
}

/** One service: its cost, an input for the new cost, and the effect on uses shown before saving. */
export function ServiceCostRow({ service, plans }: { service: AdminServiceCost; plans: PlanCredits[] }) {
  const [text, setText] = useState(String(service.cost));
  const update = useUpdateServiceCost();
  const { cost, error } = parseCost(text);
  const changed = cost !== undefined && cost !== service.cost;
  const inputId = `cost-${service.serviceKey}`;
  const previewId = `${inputId}-effect`;

  const save = () => {
    if (cost === undefined) return;
    update.mutate(
      { serviceKey: service.serviceKey, cost },
      {
        onSuccess: (saved) => {
          setText(String(saved.cost));
          toast.success(`${service.name} now costs ${costLabel(saved.cost).toLowerCase()}`);
        },
        onError: (failure) => toast.error(`Failed to update ${service.name}`, { description: errorMessage(failure, '') || undefined }),
      },
    );
  };

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="font-semibold text-slate-900">{service.name}</h2>
          <p className="text-sm text-slate-600">
            Now: {costLabel(service.cost)} <span className="text-xs text-slate-400">· updated {formatDateTime(service.updatedAt)}</span>
          </p>
        </div>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              Cost of {service.name}
            </label>
            <Input
              id={inputId}
              type="number"
              min="0"
              step="1"
              className="mt-1 w-28"
              value={text}
              onChange={(event) => setText(event.target.value)}
              invalid={Boolean(error)}
              aria-describedby={changed || error ? previewId : undefined}
            />
          </div>
          <Button type="submit" disabled={!changed || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      </div>
      {error ? (
        <p id={previewId} role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : (
        changed && (
          <div id={previewId} className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" aria-live="polite">
            <p className="font-semibold">Effect on uses if you save {costLabel(cost).toLowerCase()}:</p>
            <ul className="mt-1 grid gap-x-6 gap-y-0.5 sm:grid-cols-2 lg:grid-cols-3">
              {costEffects(service.cost, cost, plans).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )
      )}
    </li>
  );
}
