import { Link } from 'react-router';
import { BookOpen, LifeBuoy, MessageCircle, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { usePublicSettings } from '@/features/settings/api/public-settings.ts';

export const securityTips = [
  'Never commit keys to source control or paste them into front-end code; call the API from your server.',
  'Keep keys in environment variables or a secret manager (for example LUMEN_API_KEY).',
  'Rotate keys regularly with Regenerate: the old key stops working at once.',
  'Revoke a key immediately if it may have leaked.',
  'Give each key only the services it needs and a monthly credit cap.',
] as const;

const linkClass = 'inline-flex items-center gap-2 font-medium text-brand-700 hover:underline';

/** The admin's link from /admin/settings when there is one (opens outside the app), else the page here (the support chat: /dashboard/support). */
function ResourceLink({ href, fallback, children }: { href: string | undefined; fallback: string; children: ReactNode }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  ) : (
    <Link to={fallback} className={linkClass}>
      {children}
    </Link>
  );
}

/** Links to the docs, the support chat and community support, and the security tips. */
export function DeveloperResources() {
  const { data: settings } = usePublicSettings();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardTitle>Help and documentation</CardTitle>
        <ul className="mt-3 space-y-2 text-sm">
          <li>
            <Link to="/resources/open-api" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
              <BookOpen className="h-4 w-4" aria-hidden="true" /> API documentation and reference
            </Link>
          </li>
          <li>
            <ResourceLink href={settings?.supportUrl || undefined} fallback="/dashboard/support">
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Support chat
            </ResourceLink>
          </li>
          <li>
            <ResourceLink href={settings?.communityUrl || undefined} fallback="/resources/community">
              <LifeBuoy className="h-4 w-4" aria-hidden="true" /> Community support
            </ResourceLink>
          </li>
        </ul>
      </Card>
      <Card>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-emerald-600" aria-hidden="true" /> Security tips
        </CardTitle>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          {securityTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
