import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export type LegalSection = { title: string; body: ReactNode[] };

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Terms and privacy: a dated document with a table of contents and numbered sections. */
export function LegalPage({
  title,
  description,
  updated,
  sections,
}: {
  title: string;
  description: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Legal" title={title} description={description} />
      <p className="mb-6 text-sm text-slate-500">Last updated: {updated}</p>
      <nav aria-label="Contents" className="mb-8 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.title}>
              <a href={`#${slug(section.title)}`} className="text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-8">
        {sections.map((section, index) => (
          <section key={section.title} id={slug(section.title)} aria-labelledby={`${slug(section.title)}-heading`} className="scroll-mt-24">
            <h2 id={`${slug(section.title)}-heading`} className="text-lg font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-2 space-y-3 text-slate-700">
              {section.body.map((paragraph, paragraphIndex) => (
                <p key={paragraphIndex}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-10 text-sm text-slate-600">
        Questions about this document? Write to us through the{' '}
        <Link to="/contact" className="text-brand-700 underline">
          contact page
        </Link>
        .
      </p>
    </PageContainer>
  );
}
