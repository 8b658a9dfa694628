import { KeyRound } from 'lucide-react';
import { ComingSoonNotice } from '@/components/ui/coming-soon-notice.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

export function ApiManagementPage() {
  return (
    <>
      <PageHeader title="API Management" description="Create an API key to call Lumen Studio's services from your own code." />
      <ComingSoonNotice title="API keys arrive in the next release">
        <p className="flex items-center gap-2">
          <KeyRound className="h-4 w-4" aria-hidden="true" /> You will be able to generate, regenerate and revoke keys and see the
          credits each key has used.
        </p>
      </ComingSoonNotice>
    </>
  );
}
