import { Fragment, useState } from 'react';
import { BarChart3, History, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Table, Td, Th, THead, Tr } from '@/components/ui/table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import type { ApiKey } from '@lumen/core/api-keys/schemas';
import { allowListText, lastUsedText, previousSecretText } from './key-display.ts';
import { KeyUsagePanel } from './key-usage-panel.tsx';

const COLUMNS = 10;

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
    <Table caption="Your API keys, newest first">
      <THead>
        <Tr className="border-t-0">
          <Th>Name</Th>
          <Th>Prefix</Th>
          <Th>Status</Th>
          <Th>Rate limit</Th>
          <Th>Created</Th>
          <Th>Expires</Th>
          <Th>Last used</Th>
          <Th>Allowed IPs</Th>
          <Th className="text-right">Credits used</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </Tr>
      </THead>
      <tbody>
        {keys.map((key) => {
          const isOpen = openUsage === key.id;
          const previousSecret = previousSecretText(key);
          return (
            <Fragment key={key.id}>
              <Tr>
                <Td className="font-medium text-slate-900">
                  {key.name}
                  {previousSecret && <p className="mt-0.5 text-xs font-normal text-amber-800">{previousSecret}</p>}
                </Td>
                <Td className="font-mono text-xs whitespace-nowrap">{key.keyPrefix}…</Td>
                <Td>
                  <StatusBadge apiKey={key} />
                </Td>
                <Td className="whitespace-nowrap">{key.rateLimit} / min</Td>
                <Td className="whitespace-nowrap">{formatDateTime(key.createdAt)}</Td>
                <Td className="whitespace-nowrap">{key.expiresAt ? formatDateTime(key.expiresAt) : 'Never'}</Td>
                <Td className="whitespace-nowrap">{lastUsedText(key)}</Td>
                <Td className="max-w-48 font-mono text-xs break-all">{allowListText(key)}</Td>
                <Td className="text-right">{key.creditsUsed}</Td>
                <Td>
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
                </Td>
              </Tr>
              {isOpen && (
                <Tr id={`usage-${key.id}`}>
                  <Td colSpan={COLUMNS} className="bg-slate-50">
                    <KeyUsagePanel keyId={key.id} keyName={key.name} />
                  </Td>
                </Tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
