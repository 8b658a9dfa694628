import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { services } from '@/lib/service-details.ts';

export function AboutPage() {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Company" title="About us" description="Lumen Studio brings practical AI tools for creators, shops and sales teams together in one place." />
      <div className="space-y-5 text-slate-700">
        <p>
          We believe AI tools should be simple to try and fair to pay for. Instead of a monthly subscription for every tool, Lumen
          Studio uses one credit balance: you buy a one-time package and spend it on whichever service you need.
        </p>
        <p>Today the studio offers {services.length} services:</p>
        <ul className="list-disc space-y-1 pl-6">
          {services.map((service) => (
            <li key={service.key}>
              <strong>{service.name}</strong> — {service.tagline.toLowerCase()}.
            </li>
          ))}
        </ul>
        <p>
          Every account starts on the free Starter plan, and every price is shown before you run a job. Questions or ideas? We
          would love to hear from you on the contact page.
        </p>
      </div>
    </PageContainer>
  );
}
