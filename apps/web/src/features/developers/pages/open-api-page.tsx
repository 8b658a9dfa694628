import { Link } from 'react-router';
import { Card } from '@/components/ui/card.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { apiKeyRoutes } from '../api/openapi-types.ts';
import { quickStartSample, sampleLanguages, webhookSamples, workflowSamples } from '../api/code-samples.ts';
import type { Sample } from '../api/code-samples.ts';
import { ApiReference } from '../components/api-reference.tsx';
import { CodeBlock, CodeTabs } from '../components/code-block.tsx';
import { McpSection } from '../components/mcp-section.tsx';
import { PageSection } from '../components/page-section.tsx';
import { SdkSection } from '../components/sdk-section.tsx';
import { useSite } from '@/lib/site-context.ts';

const sections = [
  { id: 'quick-start', title: 'Quick start' },
  { id: 'sdk', title: 'Typed SDK' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'workflow', title: 'Upload, run, poll, download' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'mcp', title: 'MCP for AI agents' },
  { id: 'reference', title: 'API reference' },
] as const;

function SampleTabs({ sample }: { sample: Sample }) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="font-semibold text-slate-900">{sample.title}</h3>
      <p className="text-sm text-slate-600">{sample.description}</p>
      <CodeTabs
        title={sample.title}
        tabs={sampleLanguages.map((language) => ({ key: language.key, label: language.label, code: sample.code[language.key] }))}
      />
    </div>
  );
}

/** /resources/open-api: a quick start, the typed SDK, authentication, worked examples, webhooks, MCP and the interactive reference. */
export function OpenApiPage() {
  // The site's public address, the same on the server and in the browser (the page is rendered on both).
  const { origin } = useSite();
  const base = `${origin}/api/v1`;
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Resources"
        title="Open API"
        description="Call Lumen Studio's services over HTTP with an API key: the same credits, the same results, from your own code."
      />
      {/* One row that scrolls sideways on a phone rather than four rows of links. */}
      <nav aria-label="On this page" className="-mx-4 mb-8 flex gap-2 overflow-x-auto px-4 pb-1 text-sm sm:mx-0 sm:flex-wrap sm:px-0">
        {sections.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-brand-50 px-4 font-medium whitespace-nowrap text-brand-800 hover:bg-brand-100"
          >
            {section.title}
          </a>
        ))}
      </nav>

      <div className="space-y-10 sm:space-y-12">
        <PageSection id="quick-start" title="Quick start">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>
              Create a key on{' '}
              <Link to="/dashboard/account/api-management" className="font-medium text-brand-700 hover:underline">
                API Management
              </Link>{' '}
              (a verified e-mail address is needed) and copy it from the one-time dialog.
            </li>
            <li>Store it in an environment variable, for example LUMEN_API_KEY; never commit it.</li>
            <li>Send a job and poll it. Jobs run with a key are charged to your credits and appear in your result library.</li>
          </ol>
          <SampleTabs sample={quickStartSample(base)} />
        </PageSection>

        <SdkSection />

        <PageSection id="authentication" title="Authentication">
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="min-w-0 space-y-2 p-4 text-sm wrap-anywhere text-slate-700 sm:p-5">
              <h3 className="font-semibold text-slate-900">Sending the key</h3>
              <p>Send your key with every request, in either header:</p>
              <CodeBlock label="Authentication headers" code={'Authorization: Bearer sk_live_...\n# or\nX-API-Key: sk_live_...'} />
              <p>
                Keys work only on the programmatic routes below. Any other route (account, key management, admin) answers 403 'API keys
                cannot be used for this endpoint'. An unknown, revoked or deleted key gets 401 at once. A service outside the key's allowed
                services gets 403; a job that would pass the key's monthly credit cap gets 402.
              </p>
              <ul className="grid grid-cols-1 gap-1 font-mono text-xs break-all sm:grid-cols-2">
                {apiKeyRoutes.map((route) => (
                  <li key={route}>{route}</li>
                ))}
              </ul>
            </Card>
            <Card className="min-w-0 space-y-2 p-4 text-sm wrap-anywhere text-slate-700 sm:p-5">
              <h3 className="font-semibold text-slate-900">Rate limits</h3>
              <p>
                Each key has its own limit in requests per minute (100 by default). Every response carries RateLimit-Limit,
                RateLimit-Remaining and RateLimit-Reset; over the limit the answer is 429 with Retry-After (seconds): wait that long and
                retry.
              </p>
              <h3 className="pt-2 font-semibold text-slate-900">Idempotency</h3>
              <p>
                Send an Idempotency-Key header (any unique string, such as a UUID) on POST /jobs and POST /uploads. A retried request with
                the same key returns the first result and is not charged twice, so retry freely after a timeout.
              </p>
              <h3 className="pt-2 font-semibold text-slate-900">Responses</h3>
              <p>
                Success: {'{"success": true, "data": …}'}. Failure: {'{"success": false, "message": "…", "error": {"code": "…"}}'} with 400,
                401, 402 (insufficient credits), 403, 404, 409, 413, 415, 422 or 429.
              </p>
            </Card>
          </div>
        </PageSection>

        <PageSection id="workflow" title="Upload, run, poll, download">
          <p className="text-sm text-slate-600">
            The full path of a job with an input file, from your own code. Services and their params: ai-background{' '}
            {'{mode, color?, preset?}'}, image-generator {'{prompt, negativePrompt?, aspectRatio?, style?, numberOfImages?, seed?}'}, and
            the others listed by GET /services.
          </p>
          {workflowSamples(base).map((sample) => (
            <SampleTabs key={sample.title} sample={sample} />
          ))}
        </PageSection>

        <PageSection id="webhooks" title="Webhooks">
          <div className="space-y-2 text-sm wrap-anywhere text-slate-700">
            <p>
              Give a key a webhook URL (https) when you create it, and each job created with that key POSTs{' '}
              <code className="font-mono text-xs">{"{id, type: 'job.succeeded' | 'job.failed', createdAt, data: {job}}"}</code> to it when
              it finishes. The key's webhook secret is shown once, with the key.
            </p>
            <p>
              Every delivery carries <code className="font-mono text-xs">Lumen-Event-Id</code> and{' '}
              <code className="font-mono text-xs">Lumen-Signature: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>, where the signature
              is the hex HMAC-SHA256 of <code className="font-mono text-xs">"&lt;t&gt;.&lt;raw body&gt;"</code> with the webhook secret.
              Verify it on the raw bytes before parsing, compare in constant time, and reject old timestamps. Answer 2xx quickly; other
              answers and timeouts are retried after 1 s, 5 s, 30 s, 2 min and 10 min, then given up. Use Lumen-Event-Id to ignore repeats.
            </p>
          </div>
          <CodeTabs
            title="Verifying a webhook signature"
            tabs={[
              { key: 'javascript', label: 'JavaScript (Node)', code: webhookSamples.javascript },
              { key: 'python', label: 'Python', code: webhookSamples.python },
            ]}
          />
        </PageSection>

        <McpSection origin={origin} />

        <PageSection id="reference" title="API reference">
          <ApiReference />
        </PageSection>
      </div>
    </PageContainer>
  );
}
