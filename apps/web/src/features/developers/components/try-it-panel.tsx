import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import type { OpenApiDocument, Operation } from '../api/openapi-types.ts';
import { apiPath } from '../api/openapi-types.ts';
import type { TryItAuth } from '../api/send-try-it-request.ts';
import { tryItUrl, useTryItRequest } from '../api/send-try-it-request.ts';
import { exampleFromSchema } from './schema-tree.tsx';

/** Sends the operation from the page with the chosen credentials and shows the raw response. */
export function TryItPanel({ doc, operation, auth }: { doc: OpenApiDocument; operation: Operation; auth: TryItAuth }) {
  const id = useId();
  const send = useTryItRequest();
  const pathParams = operation.parameters.filter((param) => param.in === 'path');
  const queryParams = operation.parameters.filter((param) => param.in === 'query');
  const [values, setValues] = useState<Record<string, string>>({});
  const isJsonBody = operation.requestBody?.contentType === 'application/json';
  const [body, setBody] = useState(() =>
    isJsonBody ? JSON.stringify(exampleFromSchema(doc, operation.requestBody?.schema), null, 2) : '',
  );
  const headerParams = operation.parameters.filter((param) => param.in === 'header');
  const isUpload = operation.method === 'post' && apiPath(operation.path) === '/uploads';
  const [file, setFile] = useState<File | null>(null);

  const filledPath = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(values[`path:${name}`] ?? `{${name}}`),
  );
  const query = Object.fromEntries(queryParams.map((param) => [param.name, values[`query:${param.name}`] ?? '']));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let payload: string | FormData | undefined = isJsonBody ? body : undefined;
    if (isUpload && file) {
      const form = new FormData();
      form.append('file', file);
      payload = form;
    }
    const headers = Object.fromEntries(headerParams.map((param) => [param.name, values[`header:${param.name}`] ?? '']));
    send.mutate({ method: operation.method, path: filledPath, query, body: payload, headers, auth });
  };

  const field = (key: string, label: string, required?: boolean) => (
    <label key={key} className="block text-xs font-medium text-slate-700">
      {label}
      {required && <span className="text-red-700"> *</span>}
      <Input
        className="mt-1 h-8 font-mono text-xs"
        value={values[key] ?? ''}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      />
    </label>
  );

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-xl border border-brand-100 bg-brand-50/40 p-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Try it
      </h4>
      {operation.requestBody && !isJsonBody && !isUpload && (
        <p className="text-xs text-slate-600">This route takes {operation.requestBody.contentType}: use the curl example.</p>
      )}
      {(pathParams.length > 0 || queryParams.length > 0 || headerParams.length > 0) && (
        <div className="grid gap-2 sm:grid-cols-2">
          {pathParams.map((param) => field(`path:${param.name}`, `${param.name} (path)`, true))}
          {queryParams.map((param) => field(`query:${param.name}`, `${param.name} (query)`, param.required))}
          {headerParams.map((param) => field(`header:${param.name}`, `${param.name} (header)`, param.required))}
        </div>
      )}
      {isUpload && (
        <label className="block text-xs font-medium text-slate-700">
          file (multipart)
          <input type="file" className="mt-1 block text-xs" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
      )}
      {isJsonBody && (
        <label className="block text-xs font-medium text-slate-700">
          Request body (JSON)
          <Textarea
            className="mt-1 min-h-32 font-mono text-xs"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            spellCheck={false}
          />
        </label>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={send.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" /> {send.isPending ? 'Sending…' : 'Send request'}
        </Button>
        <code className="min-w-0 font-mono text-xs break-all text-slate-600">
          {operation.method.toUpperCase()} {tryItUrl(filledPath, query)}
        </code>
      </div>
      {send.isError && (
        <p role="alert" className="text-sm text-red-700">
          The request could not be sent: {send.error.message}
        </p>
      )}
      {send.data && (
        <div role="status" aria-label="Response" className="space-y-2">
          <p className="text-sm font-semibold">
            <span className={send.data.status < 400 ? 'text-emerald-700' : 'text-red-700'}>
              {send.data.status} {send.data.statusText}
            </span>{' '}
            <span className="font-normal text-slate-500">in {send.data.durationMs} ms</span>
          </p>
          {send.data.headers.length > 0 && (
            <ul className="font-mono text-xs text-slate-600">
              {send.data.headers.map(([name, value]) => (
                <li key={name}>
                  {name}: {value}
                </li>
              ))}
            </ul>
          )}
          <pre className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
            {send.data.body || '(empty body)'}
          </pre>
        </div>
      )}
    </form>
  );
}
