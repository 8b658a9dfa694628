import { Link, useParams } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { adminSections } from '../api/admin-sections.ts';
import { MailOutboxSection } from '../components/mail-outbox-section.tsx';
import type { AdminSectionKey } from '../api/admin-sections.ts';

/** An admin page whose feature arrives in a later issue: its real title and a plain statement. */
export function AdminSectionPage({ section }: { section: AdminSectionKey }) {
  const { title, description, coming } = adminSections[section];
  const { id, slug } = useParams();
  const subject = id ?? slug;
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={title}
        description={
          <>
            {description}
            {subject && <span className="mt-1 block text-sm break-all text-slate-500">{id ? `ID: ${id}` : `Slug: ${slug}`}</span>}
          </>
        }
        actions={
          section === 'blog' ? (
            <Button asChild>
              <Link to="/admin/blog/new">
                <Plus className="h-4 w-4" aria-hidden="true" /> New article
              </Link>
            </Button>
          ) : undefined
        }
      />
      <ComingSoonNotice>{coming}</ComingSoonNotice>
      {section === 'settings' && (
        <div className="mt-6">
          <MailOutboxSection />
        </div>
      )}
    </>
  );
}
