import { Link } from 'react-router';
import type { ServiceDetails } from '@/lib/service-details.ts';
import { costLabel } from '@/lib/service-details.ts';
import { BackdropImage } from '@/components/backdrop-image.tsx';

export function ServiceCard({ service }: { service: ServiceDetails }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="relative h-32 overflow-hidden">
        <BackdropImage
          index={service.image}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="h-full w-full transition group-hover:scale-105"
        />
        <span className="absolute bottom-3 left-4 rounded-xl bg-white/95 p-2 text-brand-700 shadow">
          <service.icon className="h-5 w-5" aria-hidden="true" />
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="font-semibold text-slate-900">{service.name}</h3>
        <p className="mt-1 text-sm text-slate-600">{service.description}</p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">{costLabel(service.cost)}</span>
          <Link to={service.productPath} className="text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline">
            Learn more<span className="sr-only"> about {service.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
