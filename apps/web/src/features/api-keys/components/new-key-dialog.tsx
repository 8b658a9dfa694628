import { Dialog as DialogPrimitive } from 'radix-ui';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { SAVED_BUTTON } from '../api/api-key-messages.ts';
import type { IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { CopyButton } from './copy-button.tsx';
import { previousSecretText } from './key-display.ts';

/**
 * The one-time dialog: the full key (and the webhook secret when there is one) with Copy, and
 * "I've Saved My Key". It closes only through that button, so a stray click or Escape cannot lose the key;
 * once closed the secret is dropped by the page and can never be seen again.
 */
export function NewKeyDialog({ issued, onDone }: { issued: IssuedApiKey | null; onDone: () => void }) {
  return (
    <DialogPrimitive.Root open={issued !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/60 backdrop-blur-sm" />
        <DialogPrimitive.Content
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <DialogPrimitive.Title className="text-xl font-bold text-slate-900">Your new API key</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            Copy it now and keep it somewhere safe, such as a secret manager or an environment variable.
          </DialogPrimitive.Description>
          {issued && (
            <div className="mt-5 space-y-4">
              <p role="note" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
                <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
                This is the only time the full key is shown. After you close this dialog it cannot be seen again; if you lose it, regenerate
                the key.
              </p>
              <SecretField label={`API key · ${issued.name}`} value={issued.apiKey} testId="new-api-key" />
              {previousSecretText(issued) && <p className="text-sm text-slate-700">{previousSecretText(issued)}.</p>}
              {issued.webhookSecret && (
                <SecretField
                  label="Webhook signing secret"
                  value={issued.webhookSecret}
                  testId="new-webhook-secret"
                  copyLabel="Copy secret"
                />
              )}
              <div className="flex justify-end">
                <Button onClick={onDone}>{SAVED_BUTTON}</Button>
              </div>
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function SecretField({ label, value, testId, copyLabel }: { label: string; value: string; testId: string; copyLabel?: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid={testId}
          className="block min-w-0 flex-1 rounded-lg bg-slate-900 px-3 py-2 font-mono text-sm break-all text-emerald-200 select-all"
        >
          {value}
        </code>
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}
