import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { jsonBodyError } from '../api/json-body.ts';
import type { OpenApiDocument, OpenApiParameter, Operation } from '../api/openapi-types.ts';
import { apiPath } from '../api/openapi-types.ts';
import { exampleFromSchema } from '../api/schema-example.ts';
import { tryItUrl, useTryItRequest } from '../api/try-it-request.ts';
import { tryItAuth, useTryItCredentials } from './try-it-credentials-context.ts';
import { TryItCredentialsFields } from './try-it-credentials-fields.tsx';
import { TryItResponseView } from './try-it-response.tsx';

const fieldKey = (param: OpenApiParameter) => `${param.in}:${param.name}`;

/** Sends the operation from the page, to this site, with the chosen credentials and shows the raw response. */
export function TryItPanel({ doc, operation }: { doc: OpenApiDocument; operation: Operation }) {
  const id = useId();
  const send = useTryItRequest();
  const credentials = useTryItCredentials();
  const pathParams = operation.parameters.filter((param) => param.in === 'path');
  const queryParams = operation.parameters.filter((param) => param.in === 'query');
  const headerParams = operation.parameters.filter((param) => param.in === 'header');
  const [values, setValues] = useState<Record<string, string>>({});
  const isJsonBody = operation.requestBody?.contentType === 'application/json';
  const [body, setBody] = useState(() =>
    isJsonBody ? JSON.stringify(exampleFromSchema(doc, operation.requestBody?.schema), null, 2) : '',
  );
  const isUpload = operation.method === 'post' && apiPath(operation.path) === '/uploads';
  const [file, setFile] = useState<File | null>(null);
  // What stops the request from being sent: a missing path parameter or a body that is not JSON.
  const [problem, setProblem] = useState<{ field: 'path' | 'body'; message: string } | null>(null);

  const filledPath = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    values[`path:${name}`]?.trim() ? encodeURIComponent(values[`path:${name}`]!.trim()) : `{${name}}`,
  );
  const query = Object.fromEntries(queryParams.map((param) => [param.name, values[fieldKey(param)] ?? '']));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = pathParams.filter((param) => !values[fieldKey(param)]?.trim()).map((param) => param.name);
    const bodyError = isJsonBody ? jsonBodyError(body) : null;
    const found =
      missing.length > 0
        ? { field: 'path' as const, message: `Fill in ${missing.join(', ')} first.` }
        : bodyError
          ? { field: 'body' as const, message: bodyError }
          : null;
    setProblem(found);
    if (found) return;
    let payload: string | FormData | undefined = isJsonBody ? body : undefined;
    if (isUpload && file) {
      const form = new FormData();
      form.append('file', file);
      payload = form;
    }
    const headers = Object.fromEntries(headerParams.map((param) => [param.name, values[fieldKey(param)] ?? '']));
    send.mutate({ method: operation.method, path: filledPath, query, body: payload, headers, auth: tryItAuth(credentials) });
  };

  const field = (param: OpenApiParameter) => (
    <label key={fieldKey(param)} className="block min-w-0 text-xs font-medium text-slate-700">
      {param.name} ({param.in}){(param.in === 'path' || param.required) && <span className="text-red-700"> *</span>}
      <Input
        className="mt-1 h-11 font-mono text-xs"
        value={values[fieldKey(param)] ?? ''}
        onChange={(event) => setValues({ ...values, [fieldKey(param)]: event.target.value })}
      />
    </label>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="min-w-0 space-y-3 rounded-xl border border-brand-100 bg-brand-50/40 p-3"
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Try it
      </h4>
      <TryItCredentialsFields />
      {operation.requestBody && !isJsonBody && !isUpload && (
        <p className="text-xs text-slate-600">This route takes {operation.requestBody.contentType}: use the curl example.</p>
      )}
      {(pathParams.length > 0 || queryParams.length > 0 || headerParams.length > 0) && (
        <div className="grid gap-2 sm:grid-cols-2">{[...pathParams, ...queryParams, ...headerParams].map(field)}</div>
      )}
      {isUpload && (
        <label className="block text-xs font-medium text-slate-700">
          file (multipart)
          <input
            type="file"
            className="mt-1 block min-h-11 w-full text-xs"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
      )}
      {isJsonBody && (
        <label className="block text-xs font-medium text-slate-700">
          Request body (JSON)
          <Textarea
            className="mt-1 min-h-32 font-mono text-xs"
            value={body}
            invalid={problem?.field === 'body'}
            aria-describedby={problem?.field === 'body' ? `${id}-problem` : undefined}
            onChange={(event) => {
              setBody(event.target.value);
              setProblem(null);
            }}
            spellCheck={false}
          />
        </label>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm wrap-anywhere text-red-700">
          {problem.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" className="min-h-11" disabled={send.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" /> {send.isPending ? 'Sending…' : 'Send request'}
        </Button>
        <code className="min-w-0 font-mono text-xs break-all text-slate-600">
          {operation.method.toUpperCase()} {tryItUrl(filledPath, query)}
        </code>
      </div>
      {send.isError && (
        <p role="alert" className="text-sm wrap-anywhere text-red-700">
          The request could not be sent: {send.error.message}
        </p>
      )}
      {send.data && <TryItResponseView response={send.data} />}
    </form>
  );
}
