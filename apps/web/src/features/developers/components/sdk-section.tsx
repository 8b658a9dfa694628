import { CodeBlock } from './code-block.tsx';
import { PageSection } from './page-section.tsx';

const sdkExample = `import { createLumenClient, LumenInsufficientCreditsError } from '@lumen/sdk';

const lumen = createLumenClient({ apiKey: process.env.LUMEN_API_KEY!, baseUrl: 'https://your-host' });
try {
  const job = await lumen.createJob('image-generator', { prompt: 'a sailboat at dawn' });
  const done = await lumen.waitForJob(job.id, { timeoutMs: 120_000 });
  const file = await lumen.downloadOutput(done);
} catch (error) {
  if (error instanceof LumenInsufficientCreditsError) console.log('Top up your credits first');
  else throw error;
}`;

const points = [
  'Types generated from this OpenAPI document; a test fails when they fall behind the server.',
  'createJob and uploadInput send an Idempotency-Key (a fresh UUID unless you pass one), so a retried submission is never charged twice.',
  'waitForJob follows the job’s event stream (GET /jobs/{id}/events) and falls back to polling GET /jobs/{id}.',
  'downloadOutput fetches the short-lived signed link without sending your key; downloads need an account that has bought credits.',
  'Error answers become LumenApiError (status, code, message, details, requestId), with a subclass for 401, 402, 403, 404, 409 and 429.',
  '429s are retried with exponential backoff and jitter, never sooner than Retry-After; so are 5xx answers and network errors for requests that are safe to repeat.',
];

/** The typed TypeScript client of packages/sdk, for readers who would rather not write the HTTP calls. */
export function SdkSection() {
  return (
    <PageSection id="sdk" title="Typed SDK">
      <p className="text-sm text-slate-700">
        The repository&apos;s <code className="font-mono text-xs">packages/sdk</code> (<code className="font-mono text-xs">@lumen/sdk</code>
        ) is a typed TypeScript client for API keys, built on openapi-fetch. <code className="font-mono text-xs">createLumenClient</code>{' '}
        sends your key as X-API-Key and gives you createJob, waitForJob, uploadInput, downloadOutput, getBalance and getJob, plus{' '}
        <code className="font-mono text-xs">lumen.api</code> for any other operation a key may call.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <CodeBlock label="Typed SDK example" code={sdkExample} />
    </PageSection>
  );
}
