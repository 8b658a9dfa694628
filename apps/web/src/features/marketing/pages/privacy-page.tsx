import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const sections = [
  ['What we collect', 'Your name, e-mail address, profile picture, the files you upload, the results you create, and your purchase history.'],
  ['Why', 'To run your account and the services you ask for, to process payments, and to keep the platform secure.'],
  ['Payments', 'Card and cryptocurrency payments are handled by our payment providers; we never store your card number.'],
  ['Cookies and storage', 'We keep a sign-in token in your browser and a secure, HTTP-only cookie to keep you signed in.'],
  ['Your rights', 'You can update your profile at any time and ask us to export or delete your data through the contact page.'],
];

export function PrivacyPage() {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Legal" title="Privacy Policy" description="What we store about you, why, and what you can do about it." />
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
