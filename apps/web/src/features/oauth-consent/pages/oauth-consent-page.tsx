import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { connectedAppMessages, defaultGrantMonthlyCap, maxGrantMonthlyCap } from '@lumen/core/mcp-oauth/schemas';
import type { ConsentView } from '@lumen/core/mcp-oauth/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useConsentDecision, useConsentQuery } from '../api/consent.ts';

export const CONSENT_MISSING = 'This page needs a sign-in request from your assistant. Start the connection again from your assistant.';
export const CONSENT_FAILED = 'Could not answer the sign-in request';
export const VERIFY_EMAIL_FIRST =
  'Approving needs a verified email address: enter the code we e-mailed you on your dashboard, then come back to this page and approve.';

/** Sends the browser back to the app (its registered redirect_uri); a seam for tests. */
export const consentNavigation = { go: (url: string) => window.location.assign(url) };

function ConsentForm({ consent, emailVerified }: { consent: ConsentView; emailVerified: boolean }) {
  const [services, setServices] = useState<ServiceKey[]>(consent.requestedServices);
  const [cap, setCap] = useState(String(defaultGrantMonthlyCap));
  const [error, setError] = useState<string | null>(null);
  const decision = useConsentDecision(consent.id);
  const capNumber = Number(cap);
  const capError =
    Number.isInteger(capNumber) && capNumber >= 1 && capNumber <= maxGrantMonthlyCap ? undefined : connectedAppMessages.capRange;

  const answer = async (approve: boolean) => {
    setError(null);
    if (approve && services.length === 0) return setError(connectedAppMessages.servicesRequired);
    if (approve && capError) return setError(capError);
    try {
      const { redirectTo } = await decision.mutateAsync(
        approve ? { approve: true, services, monthlyCreditCap: capNumber } : { approve: false },
      );
      consentNavigation.go(redirectTo);
    } catch (failure) {
      setError(errorMessage(failure, CONSENT_FAILED));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void answer(true);
  };
  const toggle = (key: ServiceKey) =>
    setServices((current) => (current.includes(key) ? current.filter((item) => item !== key) : [...current, key]));
  const busy = decision.isPending || decision.isSuccess;

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <div role="note" className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
        <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <p>
          <span className="font-semibold">Unverified app.</span> “{consent.client.name}” is the name the app gave itself; Lumen Studio has
          not checked it. After your answer you go back to <span className="font-mono">{consent.client.redirectHost}</span>. Continue only
          if you started this connection from your assistant.
        </p>
      </div>

      {!emailVerified && (
        <p role="note" className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {VERIFY_EMAIL_FIRST}{' '}
          <a href="/dashboard" target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
            Open the dashboard
          </a>
        </p>
      )}

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Services it may use (its MCP tools)</legend>
        {consent.services.map((service) => (
          <label key={service.key} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={services.includes(service.key)} onChange={() => toggle(service.key)} />
            {service.name} <code className="rounded bg-slate-100 px-1 text-xs">{service.tool}</code>
          </label>
        ))}
        <p className="text-xs text-slate-600">
          It can also call {consent.commonTools.map((tool) => `${tool}`).join(', ')} and read your credit balance and the jobs of these
          services.
        </p>
      </fieldset>

      <TextField
        label="Monthly credit cap"
        type="number"
        min={1}
        max={maxGrantMonthlyCap}
        step={1}
        value={cap}
        onChange={(event) => setCap(event.target.value)}
        error={capError}
        hint="Credits it may spend from your balance per calendar month; past the cap its runs are refused."
      />

      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={busy} onClick={() => void answer(false)}>
          Deny
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Working…' : 'Approve'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /oauth/consent?request=<id>: where /oauth/authorize sends the browser (signed-in only; after sign-in the user comes
 * back here). Names the app as it registered (unverified), lets the user choose its services and monthly cap, and
 * answers Approve or Deny once; the browser then goes back to the app.
 */
export function OAuthConsentPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const id = params.get('request');
  const consentQuery = useConsentQuery(id);
  const consent = consentQuery.data;

  return (
    <main className="mx-auto flex min-h-screen max-w-xl items-center px-4 py-10">
      <Card className="w-full">
        <h1 className="text-lg font-semibold text-slate-900">
          {consent ? `Connect ${consent.client.name} to your Lumen Studio account?` : 'Connect an app'}
        </h1>
        <CardDescription>An assistant asks to use Lumen Studio for you through MCP, paid from your credits.</CardDescription>
        <div className="mt-5">
          {id === null ? (
            <p role="alert">{CONSENT_MISSING}</p>
          ) : consentQuery.isPending ? (
            <Spinner label="Loading the sign-in request" />
          ) : consentQuery.isError ? (
            <p role="alert">{errorMessage(consentQuery.error, CONSENT_FAILED)}</p>
          ) : (
            <ConsentForm consent={consentQuery.data} emailVerified={user?.emailVerified ?? false} />
          )}
        </div>
      </Card>
    </main>
  );
}
