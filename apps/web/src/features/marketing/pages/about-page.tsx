import { Link } from 'react-router';
import { Coins, HeartHandshake, ShieldCheck, Sparkles } from 'lucide-react';
import { pricingStory } from '@lumen/core/credits/pricing-story';
import { Button } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageMeta } from '@/components/page-meta.tsx';
import { services } from '@/lib/service-details.ts';
import { BackdropImage } from '@/components/backdrop-image.tsx';

const principles = [
  {
    icon: Coins,
    title: 'One balance for every tool',
    text: 'Spend your credits on any tool. Each run shows its cost before you start, and AI Background costs nothing.',
  },
  {
    icon: ShieldCheck,
    title: 'Fair by design',
    text: 'Credits are charged when a job starts and returned automatically if it fails. Every purchase has a 30-day money-back guarantee.',
  },
  {
    icon: Sparkles,
    title: 'Honest about the engine',
    text: 'Every result says which engine made it — our built-in engines that run on our own servers, or a hosted model where one is configured.',
  },
  {
    icon: HeartHandshake,
    title: 'Your work stays yours',
    text: 'You keep the rights to what you upload and create. We never use your files to train models.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageMeta
        title="About us"
        description="Who makes Lumen Studio, what its six AI tools do and how it treats your uploads and results."
      />
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <BackdropImage index={3} priority className="absolute inset-0 -z-10 h-full w-full opacity-60" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/30 to-ink" aria-hidden="true" />
        <div className="mx-auto max-w-4xl px-4 py-20 sm:px-6">
          <p className="text-xs font-semibold tracking-wider text-brand-300 uppercase">Company</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">About us</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Lumen Studio brings practical AI tools for creators, shops and sales teams together in one place — simple to try, and fair to
            pay for.
          </p>
        </div>
      </section>
      <PageContainer narrow>
        <h2 className="text-2xl font-bold text-slate-900">Why we built Lumen Studio</h2>
        <div className="mt-4 space-y-4 text-slate-700">
          <p>
            Small shops, freelancers and sales teams kept telling us the same thing: the AI tools they needed were spread over half a dozen
            websites, each with its own monthly subscription — for a product photo one week and a jingle the next.
          </p>
          <p>
            So we put the tools people actually use side by side, behind one account and one credit balance, and spend it on whatever the
            job of the day is. {pricingStory.summary}
          </p>
        </div>
        <h2 className="mt-12 text-2xl font-bold text-slate-900">The studio today</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.key} className="rounded-2xl border border-slate-200 bg-white p-4">
              <Link to={service.productPath} className="flex items-center gap-2 font-semibold text-slate-900 hover:text-brand-700">
                <service.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {service.name}
              </Link>
              <p className="mt-1 text-sm text-slate-600">{service.description}</p>
            </li>
          ))}
        </ul>
        <h2 className="mt-12 text-2xl font-bold text-slate-900">What we hold ourselves to</h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {principles.map((principle) => (
            <div key={principle.title} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <principle.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {principle.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{principle.text}</p>
            </div>
          ))}
        </div>
        <div className="mt-12 rounded-2xl bg-brand-50 p-6">
          <h2 className="text-xl font-semibold text-slate-900">Talk to us</h2>
          <p className="mt-1 text-slate-700">
            Ideas for a new tool, a partnership, or a question about your account? We read every message — and sharing Lumen Studio with
            your audience can earn you free credits.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/contact">Contact us</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/company/blogs">Read the blog</Link>
            </Button>
          </div>
        </div>
      </PageContainer>
    </>
  );
}
