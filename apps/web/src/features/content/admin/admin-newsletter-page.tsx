import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { cn } from '@/lib/cn.ts';
import { CampaignsTab } from './campaigns-tab.tsx';
import { ContactMessagesTab } from './contact-messages-tab.tsx';
import { SubscribersTab } from './subscribers-tab.tsx';

const tabs = [
  { key: 'subscribers', label: 'Subscribers' },
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'messages', label: 'Messages' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

/** /admin/newsletter: subscribers, campaigns, and the messages sent from /contact (there is no separate contact admin page). */
export function AdminNewsletterPage() {
  const [params, setParams] = useSearchParams();
  const current: TabKey = tabs.find((tab) => tab.key === params.get('tab'))?.key ?? 'subscribers';
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Newsletter"
        description="Subscribers and campaigns, and the messages people send from the contact page."
      />
      <div role="tablist" aria-label="Newsletter sections" className="mb-6 flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={current === tab.key}
            aria-controls={`panel-${tab.key}`}
            onClick={() => setParams(tab.key === 'subscribers' ? {} : { tab: tab.key }, { replace: true })}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              current === tab.key ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
        {current === 'subscribers' ? <SubscribersTab /> : current === 'campaigns' ? <CampaignsTab /> : <ContactMessagesTab />}
      </div>
    </>
  );
}
