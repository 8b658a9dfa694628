import { useState } from 'react';
import { Eye, EyeOff, History, KeyRound, RefreshCw, Settings2, ShieldOff, ShoppingCart } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { allowListText, creditsRemaining, expiryText, lastUsedText, maskedKey, previousSecretText } from './key-display.ts';

/** The active key: masked with a show/hide toggle for the prefix, status, usage, and its actions. */
export function ActiveKeyCard({
  apiKey,
  balance,
  onEdit,
  onRegenerate,
  onRoll,
  onRevoke,
}: {
  apiKey: ApiKey;
  balance: number;
  onEdit: () => void;
  onRegenerate: () => void;
  onRoll: () => void;
  onRevoke: () => void;
}) {
  const [isPrefixShown, setIsPrefixShown] = useState(false);
  const remaining = creditsRemaining(apiKey, balance);
  const previousSecret = previousSecretText(apiKey);

  return (
    <Card role="region" aria-labelledby="active-key-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="active-key-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <KeyRound className="h-5 w-5 text-brand-600" aria-hidden="true" /> Active key · {apiKey.name}
        </h2>
        <Badge tone="success">Active</Badge>
      </div>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="masked-key"
          aria-label="API key, masked"
          className="block min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-800"
        >
          {maskedKey(apiKey.keyPrefix, isPrefixShown)}
        </code>
        <Button variant="outline" size="sm" onClick={() => setIsPrefixShown((shown) => !shown)} aria-pressed={isPrefixShown}>
          {isPrefixShown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          {isPrefixShown ? 'Hide prefix' : 'Show prefix'}
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-500">Only the prefix can be shown: the full key was displayed once, when it was created.</p>
      {previousSecret && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-800">
          <History className="h-4 w-4 shrink-0" aria-hidden="true" /> {previousSecret}
        </p>
      )}

      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Stat label="Status" value="Active" />
        <Stat label="Rate limit" value={`${apiKey.rateLimit} requests / minute`} />
        <Stat label="Created" value={formatDateTime(apiKey.createdAt)} />
        <Stat label="Last used" value={lastUsedText(apiKey)} />
        <Stat label="Expiry" value={expiryText(apiKey)} />
        <Stat label="Allowed IPs" value={allowListText(apiKey)} />
        <Stat label="Credits used" value={String(apiKey.creditsUsed)} hint={`${apiKey.creditsUsedThisMonth} this month`} />
        <Stat label="Credits remaining" value={String(remaining.value)} hint={remaining.label} />
      </dl>
      {apiKey.allowedServices && <p className="mt-3 text-xs text-slate-600">Services: {apiKey.allowedServices.join(', ')}</p>}

      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={openUpgradeModal}>
          <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Buy credits
        </Button>
        <Button variant="outline" onClick={onEdit}>
          <Settings2 className="h-4 w-4" aria-hidden="true" /> Edit settings
        </Button>
        <Button variant="outline" onClick={onRoll}>
          <History className="h-4 w-4" aria-hidden="true" /> Roll
        </Button>
        <Button variant="outline" onClick={onRegenerate}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Regenerate
        </Button>
        <Button variant="danger" onClick={onRevoke}>
          <ShieldOff className="h-4 w-4" aria-hidden="true" /> Revoke
        </Button>
      </div>
    </Card>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
      {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}
