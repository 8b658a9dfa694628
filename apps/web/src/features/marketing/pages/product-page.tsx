import { Link } from 'react-router';
import { Check } from 'lucide-react';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { usesFor, FREE_PLAN } from '@lumen/core/credits/rules';
import { useDocumentTitle } from '@/components/ui/page-header.tsx';
import { costLabel, serviceByKey, services } from '@/lib/service-details.ts';
import { SignUpCta } from '../components/sign-up-cta.tsx';

const highlights: Record<ServiceKey, string[]> = {
  'ai-background': ['Clean cut-outs of people and products', 'Studio colours or generated scenes', 'Unlimited use on every plan'],
  'image-generator': ['Original images from a text prompt', 'Sizes for posts, banners and stories', 'Keep every result in your library'],
  'virtual-try-on': ['Your photo plus a garment photo', 'A photo guide for the best results', 'Compare looks side by side'],
  speedpainting: ['Any picture becomes a painting video', 'Rendered stroke by stroke', 'Ready to share on social media'],
  'sales-pilot': ['Upload a transcript or call notes', 'Objections, talk ratio and next steps', 'A report you can share with the team'],
  'sound-generator': ['Describe a sound in words', 'Effects, ambiences and loops', 'Download as an audio file'],
};

export function ProductPage({ service: key }: { service: ServiceKey }) {
  const service = serviceByKey(key);
  useDocumentTitle(service.name);
  const freeUses = usesFor(FREE_PLAN.credits, service.cost);
  return (
    <>
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <img src={`/main/bg/${service.image}.jpg`} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/80 to-ink/30" aria-hidden="true" />
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
          <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300">
            <service.icon className="h-4 w-4" aria-hidden="true" /> {service.tagline}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{service.name}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">{service.description}</p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <SignUpCta to={service.toolPath} />
            <span className="rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold">{costLabel(service.cost)}</span>
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-bold text-slate-900">What you get</h2>
          <ul className="mt-6 space-y-3">
            {highlights[key].map((item) => (
              <li key={item} className="flex items-start gap-3 text-slate-700">
                <Check className="mt-0.5 h-5 w-5 text-brand-600" aria-hidden="true" /> {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-brand-50/50 p-6">
          <h2 className="text-lg font-semibold text-slate-900">Cost</h2>
          <p className="mt-2 text-3xl font-bold text-brand-700">{costLabel(service.cost)}</p>
          <p className="mt-2 text-sm text-slate-600">
            {freeUses === 'unlimited'
              ? 'Included without limit, even on the free Starter plan.'
              : `The free Starter plan's ${FREE_PLAN.credits} credits cover ${freeUses} ${freeUses === 1 ? 'use' : 'uses'}.`}
          </p>
          <Link to="/company/pricing" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Compare credit packages
          </Link>
        </div>
      </section>
      <section aria-labelledby="more-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <h2 id="more-heading" className="text-lg font-semibold text-slate-900">More from Lumen Studio</h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {services
            .filter((other) => other.key !== key)
            .map((other) => (
              <li key={other.key}>
                <Link to={other.productPath} className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-3 py-1.5 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700">
                  <other.icon className="h-4 w-4" aria-hidden="true" /> {other.name}
                </Link>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}
