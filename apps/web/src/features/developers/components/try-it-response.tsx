import type { TryItResponse } from '../api/try-it-request.ts';

/** The raw answer to a Try it request: status, the headers worth reading, and the body. */
export function TryItResponseView({ response }: { response: TryItResponse }) {
  return (
    <div role="status" aria-label="Response" className="min-w-0 space-y-2">
      <p className="text-sm font-semibold">
        <span className={response.status < 400 ? 'text-emerald-700' : 'text-red-700'}>
          {response.status} {response.statusText}
        </span>{' '}
        <span className="font-normal text-slate-500">in {response.durationMs} ms</span>
      </p>
      {response.headers.length > 0 && (
        <ul aria-label="Response headers" className="font-mono text-xs wrap-anywhere text-slate-600">
          {response.headers.map(([name, value]) => (
            <li key={name}>
              {name}: {value}
            </li>
          ))}
        </ul>
      )}
      <pre className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{response.body || '(empty body)'}</pre>
    </div>
  );
}
