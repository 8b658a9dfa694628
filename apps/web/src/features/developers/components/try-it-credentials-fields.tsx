import { useAuth } from '@/session/auth-context.ts';
import { Input } from '@/components/ui/input.tsx';
import type { CredentialMode } from './try-it-credentials-context.ts';
import { useTryItCredentials } from './try-it-credentials-context.ts';

const modes: { value: CredentialMode; label: string }[] = [
  { value: 'x-api-key', label: 'API key in X-API-Key' },
  { value: 'authorization', label: 'API key as Authorization: Bearer' },
  { value: 'session', label: 'My signed-in session' },
  { value: 'none', label: 'None' },
];

function isMode(value: string): value is CredentialMode {
  return modes.some((mode) => mode.value === value);
}

/** Where Try it takes its credentials: the choice and the key are shared by every operation on the page. */
export function TryItCredentialsFields() {
  const { isAuthenticated } = useAuth();
  const { mode, key, setMode, setKey } = useTryItCredentials();
  const usesKey = mode === 'x-api-key' || mode === 'authorization';
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <label className="block min-w-0 text-xs font-medium text-slate-700">
        Authenticate with
        <select
          className="mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
          value={mode}
          onChange={(event) => isMode(event.target.value) && setMode(event.target.value)}
        >
          {modes.map((option) => (
            <option key={option.value} value={option.value} disabled={option.value === 'session' && !isAuthenticated}>
              {option.label}
              {option.value === 'session' && !isAuthenticated && ' (sign in first)'}
            </option>
          ))}
        </select>
      </label>
      {usesKey && (
        <label className="block min-w-0 text-xs font-medium text-slate-700">
          API key (kept in this page only)
          <Input
            type="password"
            autoComplete="off"
            spellCheck={false}
            className="mt-1 h-11 font-mono"
            placeholder="sk_live_…"
            value={key}
            onChange={(event) => setKey(event.target.value)}
          />
        </label>
      )}
    </div>
  );
}
