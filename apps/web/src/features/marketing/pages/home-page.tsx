import { Link } from 'react-router';
import { Bitcoin, Coins, CreditCard, ShieldCheck } from 'lucide-react';
import { FREE_PLAN } from '@lumen/core/credits/rules';
import { Button } from '@/components/ui/button.tsx';
import { PageMeta } from '@/components/page-meta.tsx';
import { services } from '@/lib/service-details.ts';
import { LatestArticles } from '../components/latest-articles.tsx';
import { RealResultsStrip } from '../components/real-results-strip.tsx';
import { ServiceCard } from '../components/service-card.tsx';
import { SignUpCta } from '../components/sign-up-cta.tsx';
import { BackdropImage } from '@/components/backdrop-image.tsx';
import { HydrateApart } from '@/components/hydrate-apart.tsx';

const steps = [
  {
    icon: Coins,
    title: `Start with ${FREE_PLAN.credits} free credits`,
    text: 'Create an account in seconds. The free Starter plan needs no credit card.',
  },
  {
    icon: CreditCard,
    title: 'Top up once or every month',
    text: 'Buy a one-time credit package when you need more, or take a monthly plan for fresh credits every month. Credits never expire.',
  },
  {
    icon: ShieldCheck,
    title: 'Pay only for what you use',
    text: 'Each run costs a fixed number of credits, shown before you start. AI Background costs nothing.',
  },
];

export function HomePage() {
  return (
    <>
      <PageMeta title="AI creative studio" />
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <BackdropImage index={1} priority className="absolute inset-0 -z-10 h-full w-full opacity-80" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/40 via-ink/50 to-ink" aria-hidden="true" />
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28 lg:py-36">
          <p className="inline-flex rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide backdrop-blur">
            Six AI tools · one credit balance
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Your AI creative studio,{' '}
            <span className="bg-gradient-to-r from-brand-300 to-glow bg-clip-text text-transparent">paid with credits</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-200">
            Swap backgrounds, generate images, try on clothes virtually, turn pictures into speed painting videos, analyse sales calls and
            create sound — all in one place, paid from one credit balance.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <SignUpCta />
            <Button asChild variant="light" size="lg">
              <Link to="/company/pricing">See pricing</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-300">No credit card required for the free plan.</p>
        </div>
      </section>

      <HydrateApart>
        <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <div className="max-w-2xl">
            <h2 id="services-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Six services, one simple price list
            </h2>
            <p className="mt-3 text-slate-600">Every service shows its credit cost up front. Use what you need, when you need it.</p>
          </div>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <ServiceCard key={service.key} service={service} />
            ))}
          </div>
        </section>
      </HydrateApart>

      <HydrateApart>
        <RealResultsStrip />
      </HydrateApart>

      <HydrateApart>
        <section aria-labelledby="how-heading" className="bg-brand-50/60">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
            <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              How credits work
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {steps.map((step, index) => (
                <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
                  <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600 text-white">
                    <step.icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 font-semibold text-slate-900">
                    {index + 1}. {step.title}
                  </h3>
                  <p className="mt-2 text-sm text-slate-600">{step.text}</p>
                </li>
              ))}
            </ol>
            <p className="mt-8 flex items-center gap-2 text-sm text-slate-600">
              <Bitcoin className="h-4 w-4 text-glow" aria-hidden="true" /> Larger packages can also be paid with 300+ cryptocurrencies.
            </p>
          </div>
        </section>
      </HydrateApart>

      <LatestArticles />

      <HydrateApart>
        <section className="relative isolate overflow-hidden">
          <BackdropImage index={4} className="absolute inset-0 -z-10 h-full w-full" />
          <div className="absolute inset-0 -z-10 bg-ink/70" aria-hidden="true" />
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 text-white sm:px-6 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="text-3xl font-bold tracking-tight">Ready to create?</h2>
              <p className="mt-2 text-slate-200">Sign up, get {FREE_PLAN.credits} credits and try every tool today.</p>
            </div>
            <SignUpCta variant="light" />
          </div>
        </section>
      </HydrateApart>
    </>
  );
}
