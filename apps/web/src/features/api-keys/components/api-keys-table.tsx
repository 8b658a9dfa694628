import { useState } from 'react';
import { BarChart3, History, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { allowListText, lastUsedText, previousSecretText } from './key-display.ts';
import { KeyUsagePanel } from './key-usage-panel.tsx';

function StatusBadge({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.status === 'revoked') return <Badge tone="neutral">Revoked</Badge>;
  if (apiKey.isExpired) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** Every key, active and revoked, with its usage on demand; active keys can be rolled, revoked and expired keys deleted. */
export function ApiKeysTable({
  keys,
  onDelete,
  onRoll,
}: {
  keys: ApiKey[];
  onDelete: (key: ApiKey) => void;
  onRoll: (key: ApiKey) => void;
}) {
  const [openUsage, setOpenUsage] = useState<string | null>(null);
  return (
    <DataTable
      caption="Your API keys, newest first"
      rows={keys}
      rowKey={(key) => key.id}
      detail={(key) =>
        openUsage === key.id && (
          <div id={`usage-${key.id}`}>
            <KeyUsagePanel keyId={key.id} keyName={key.name} />
          </div>
        )
      }
      columns={[
        {
          header: 'Name',
          className: 'font-medium text-slate-900',
          cell: (key) => {
            const previousSecret = previousSecretText(key);
            return (
              <>
                {key.name}
                {previousSecret && <p className="mt-0.5 text-xs font-normal text-amber-800">{previousSecret}</p>}
              </>
            );
          },
        },
        { header: 'Prefix', priority: 3, className: 'font-mono text-xs whitespace-nowrap', cell: (key) => `${key.keyPrefix}…` },
        { header: 'Status', cell: (key) => <StatusBadge apiKey={key} /> },
        { header: 'Rate limit', className: 'whitespace-nowrap', cell: (key) => `${key.rateLimit} / min` },
        { header: 'Created', className: 'whitespace-nowrap', cell: (key) => formatDateTime(key.createdAt) },
        {
          header: 'Expires',
          priority: 4,
          className: 'whitespace-nowrap',
          cell: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : 'Never'),
        },
        { header: 'Last used', priority: 2, className: 'whitespace-nowrap', cell: lastUsedText },
        { header: 'Allowed IPs', className: 'max-w-48 font-mono text-xs break-all', cell: allowListText },
        { header: 'Credits used', priority: 1, align: 'right', cell: (key) => key.creditsUsed },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (key) => {
            const isOpen = openUsage === key.id;
            return (
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={isOpen}
                  aria-controls={`usage-${key.id}`}
                  onClick={() => setOpenUsage(isOpen ? null : key.id)}
                  aria-label={`${isOpen ? 'Hide' : 'Show'} usage of ${key.name}`}
                >
                  <BarChart3 className="h-4 w-4" aria-hidden="true" /> Usage
                </Button>
                {key.status === 'active' && !key.isExpired && (
                  <Button variant="ghost" size="sm" onClick={() => onRoll(key)} aria-label={`Roll ${key.name}`}>
                    <History className="h-4 w-4" aria-hidden="true" /> Roll
                  </Button>
                )}
                {(key.status === 'revoked' || key.isExpired) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    onClick={() => onDelete(key)}
                    aria-label={`Delete ${key.name}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  </Button>
                )}
              </div>
            );
          },
        },
      ]}
    />
  );
}
