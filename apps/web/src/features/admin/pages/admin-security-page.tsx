import { useState } from 'react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { FailedSignInsSection } from '../components/failed-sign-ins-section.tsx';
import { IpBlocksSection } from '../components/ip-blocks-section.tsx';
import { AuditLogSection, SecurityEventsLog } from '../components/security-log-sections.tsx';
import { SessionsSection } from '../components/user-activity-sections.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /admin/security: failed sign-in spikes, blocked IP ranges, live sessions, security events and the audit log. */
export function AdminSecurityPage() {
  const [cidr, setCidr] = useState('');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Security"
        description="Sign-in failures, blocked networks, live sessions, security events and every admin action."
      />
      <Section id="failed-heading" title="Failed sign-ins">
        <FailedSignInsSection
          onBlock={(ip) => {
            setCidr(ip);
            document.getElementById('blocks-heading')?.scrollIntoView?.({ behavior: 'smooth' });
          }}
        />
      </Section>
      <Section id="blocks-heading" title="Blocked IP ranges">
        <IpBlocksSection cidr={cidr} onCidrChange={setCidr} />
      </Section>
      <Section id="sessions-heading" title="Active sessions">
        <SessionsSection title="Active sessions" />
      </Section>
      <Section id="events-heading" title="Security events">
        <SecurityEventsLog />
      </Section>
      <Section id="audit-heading" title="Audit log">
        <AuditLogSection />
      </Section>
    </>
  );
}
