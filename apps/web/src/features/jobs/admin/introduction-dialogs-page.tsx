import { serviceKeys } from '@lumen/core/services/catalogue';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAdminIntroductionDialogsQuery } from '../api/admin-introduction-dialogs.ts';
import { IntroductionDialogCard } from './introduction-dialog-card.tsx';

/** /admin/introduction-dialogs: the onboarding dialog of each tool, shown once on a user's first visit. */
export function IntroductionDialogsPage() {
  const { data, isPending, isError, refetch } = useAdminIntroductionDialogsQuery();
  const ordered = data ? [...data].sort((a, b) => serviceKeys.indexOf(a.service) - serviceKeys.indexOf(b.service)) : [];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Introduction dialogs"
        description="Each tool greets a user once, on their first visit, with this dialog; closing it dismisses it for good. Edit the words, switch one off, and see how it looks."
      />
      {isPending ? (
        <Spinner label="Loading the dialogs…" />
      ) : isError ? (
        <ErrorState message="Failed to load the introduction dialogs" onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-6">
          {ordered.map((dialog) => (
            <IntroductionDialogCard key={dialog.service} dialog={dialog} />
          ))}
        </div>
      )}
    </>
  );
}
