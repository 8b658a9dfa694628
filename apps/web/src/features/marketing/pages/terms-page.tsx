import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const sections = [
  ['Your account', 'You are responsible for keeping your password and API keys safe and for all activity under your account.'],
  ['Credits', 'Credits are bought as one-time packages and spent on the services at the cost shown before each run. Credits have no cash value.'],
  ['Your content', 'You keep the rights to what you upload and create. You must have the right to use every image, text or recording you upload.'],
  ['Acceptable use', 'Do not use the services to create unlawful, harmful or infringing content, or to attack or overload the platform.'],
  ['Refunds', 'Purchases are covered by a 30-day money-back guarantee. Contact us to ask for a refund.'],
  ['Changes', 'We may update these terms; we will tell you about important changes before they take effect.'],
];

export function TermsPage() {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Legal" title="Terms of Service" description="The rules for using Lumen Studio, in plain language." />
      <div className="space-y-6">
        {sections.map(([title, text]) => (
          <section key={title}>
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-slate-700">{text}</p>
          </section>
        ))}
      </div>
    </PageContainer>
  );
}
