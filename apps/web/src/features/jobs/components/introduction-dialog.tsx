import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useDismissIntroduction, useIntroductionDialog } from '../api/jobs.ts';

/**
 * The admin-written onboarding dialog of a tool, shown on the user's first visit
 * (GET /introduction-dialogs/{service}); closing it dismisses it for good.
 */
export function IntroductionDialog({ service }: { service: ServiceKey }) {
  const { data } = useIntroductionDialog(service);
  const dismiss = useDismissIntroduction(service);
  const open = Boolean(data && data.enabled && !data.seen);
  if (!data) return null;
  const paragraphs = data.body
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !dismiss.isPending) dismiss.mutate();
      }}
      title={data.title}
      size="lg"
    >
      <div className="space-y-3 text-sm text-slate-700">
        {paragraphs.map((text, index) => (
          <p key={index} className="whitespace-pre-line">
            {text}
          </p>
        ))}
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => dismiss.mutate()}>Got it</Button>
      </div>
    </Dialog>
  );
}
