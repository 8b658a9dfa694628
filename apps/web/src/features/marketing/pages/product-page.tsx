import { Link } from 'react-router';
import { Check } from 'lucide-react';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { usesFor, FREE_PLAN } from '@lumen/core/credits/rules';
import { PageMeta } from '@/components/page-meta.tsx';
import { costLabel, serviceByKey, services } from '@/lib/service-details.ts';
import { useServiceCostsQuery } from '@/features/credits/api/service-costs.ts';
import { productContent } from '../examples/product-content.ts';
import { ProductCta } from '../components/product-cta.tsx';
import { ProductExamples } from '../components/product-examples.tsx';
import { BackdropImage } from '@/components/backdrop-image.tsx';
import { HydrateApart } from '@/components/hydrate-apart.tsx';

/** 'Unlimited' for a free service, else how many uses the free plan's credits pay for. */
export function freePlanUsesLabel(cost: number): string {
  const uses = usesFor(FREE_PLAN.credits, cost);
  return uses === 'unlimited' ? 'Unlimited' : `${uses} ${uses === 1 ? 'use' : 'uses'}`;
}

/** /products/<slug>: the tool's promise, real examples from its built-in engine, how it works, cost, FAQs and a call to action. */
export function ProductPage({ service: key }: { service: ServiceKey }) {
  const service = serviceByKey(key);
  const content = productContent[key];
  const costs = useServiceCostsQuery();
  const cost = costs.data?.[key] ?? service.cost;
  const freeUses = freePlanUsesLabel(cost);
  return (
    <>
      <PageMeta title={service.name} description={`${service.tagline}. ${service.description}`} />
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <BackdropImage index={service.image} priority className="absolute inset-0 -z-10 h-full w-full opacity-60" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/85 to-ink/40" aria-hidden="true" />
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300">
            <service.icon className="h-4 w-4" aria-hidden="true" /> {service.tagline}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{service.name}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">{content.promise}</p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <ProductCta toolPath={service.toolPath} />
            <span className="rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold">{costLabel(cost)}</span>
          </div>
        </div>
      </section>

      <ProductExamples service={key} />

      <HydrateApart>
        <section aria-labelledby="how-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
              How it works
            </h2>
            <ol className="mt-8 grid gap-6 md:grid-cols-3">
              {content.steps.map((step, index) => (
                <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </HydrateApart>

      <HydrateApart>
        <section aria-labelledby="cost-heading" className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-brand-50/50 p-6">
            <h2 id="cost-heading" className="text-lg font-semibold text-slate-900">
              Cost
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-4">
              <div>
                <dt className="text-sm text-slate-600">Per use</dt>
                <dd className="text-2xl font-bold text-brand-700" data-testid="product-cost">
                  {cost <= 0 ? 'Free' : `${cost} credit${cost === 1 ? '' : 's'}`}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">With the free {FREE_PLAN.name} plan</dt>
                <dd className="text-2xl font-bold text-brand-700" data-testid="product-free-uses">
                  {freeUses}
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              {cost <= 0
                ? 'Included without limit on every plan, even the free Starter plan.'
                : `The free ${FREE_PLAN.name} plan's ${FREE_PLAN.credits} credits cover ${freeUses}. Credit packages are one-time purchases.`}
            </p>
            <Link to="/company/pricing" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
              Compare credit packages
            </Link>
          </div>
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Frequently asked questions</h2>
            <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200">
              {content.faqs.map((faq) => (
                <details key={faq.question} className="group p-4">
                  <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
                    <span className="flex items-center justify-between gap-3">
                      {faq.question}
                      <span className="text-brand-600 transition group-open:rotate-45" aria-hidden="true">
                        +
                      </span>
                    </span>
                  </summary>
                  <p className="mt-2 text-sm text-slate-600">{faq.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      </HydrateApart>

      <HydrateApart>
        <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <div className="flex flex-col items-start gap-4 rounded-3xl bg-ink p-8 text-white sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl font-bold">Try {service.name} yourself</h2>
              <p className="mt-1 flex items-center gap-2 text-slate-300">
                <Check className="h-4 w-4 text-emerald-400" aria-hidden="true" /> {FREE_PLAN.credits} free credits, no credit card required
              </p>
            </div>
            <ProductCta toolPath={service.toolPath} variant="light" />
          </div>
          <h2 id="more-heading" className="mt-12 text-lg font-semibold text-slate-900">
            More from Lumen Studio
          </h2>
          <ul aria-labelledby="more-heading" className="mt-4 flex flex-wrap gap-2">
            {services
              .filter((other) => other.key !== key)
              .map((other) => (
                <li key={other.key}>
                  <Link
                    to={other.productPath}
                    className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700"
                  >
                    <other.icon className="h-4 w-4" aria-hidden="true" /> {other.name}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      </HydrateApart>
    </>
  );
}
