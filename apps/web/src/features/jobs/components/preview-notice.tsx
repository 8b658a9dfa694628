import { Button } from '@/components/ui/button.tsx';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';
import type { Job, OutputKind } from '../api/job-types.ts';

/** How the preview differs from the full result, by what the job made. */
const previewDifference: Record<OutputKind, string> = {
  image: 'a smaller, watermarked copy',
  video: 'a smaller, watermarked copy',
  audio: 'the first seconds, in mono',
  report: 'marked as a preview',
};

/** The outputs the viewer sees as previews (the server says so per output); empty once credits were bought. */
export const previewOutputs = (job: Job) => job.outputs.filter((output) => output.preview);

/** One line above a result shown as a preview, with the way to the full result. */
export function PreviewNotice({ job }: { job: Job }) {
  const previews = previewOutputs(job);
  if (previews.length === 0) return null;
  const main = previews.find((output) => output.kind !== 'image') ?? previews[0]!;
  return (
    <div
      data-testid="preview-notice"
      className="flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>This is a preview ({previewDifference[main.kind]}). Buy credits to see the full result and download it.</p>
      <Button size="sm" onClick={openUpgradeModal} className="shrink-0">
        Buy credits
      </Button>
    </div>
  );
}
