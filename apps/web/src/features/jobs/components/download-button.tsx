import { useState } from 'react';
import { Download, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';
import { getDownloadLink } from '../api/jobs.ts';
import type { Job, JobOutput } from '../api/job-types.ts';

export const DOWNLOAD_LOCKED_TEXT = 'Downloads are available once you have purchased credits';

/** Navigates the browser to a signed download link (a seam for tests). */
export const browser = {
  navigate(url: string) {
    window.location.assign(url);
  },
};

/**
 * Download of one output: asks GET /jobs/{id}/outputs/{outputId}/download for a signed
 * link and follows it. Free-plan users get the server's 403 message and the upgrade offer; when the
 * job says canDownload is false the button explains that up front and opens the upgrade modal.
 */
export function DownloadButton({
  job,
  output,
  label,
  size = 'sm',
  compact = false,
}: {
  job: Job;
  output: JobOutput;
  label?: string;
  size?: 'sm' | 'md';
  /** no explanation under a locked button (the page explains once) */ compact?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const text = label ?? `Download ${output.name}`;

  if (!job.canDownload) {
    return (
      <div className="space-y-1">
        <Button
          variant="outline"
          size={size}
          onClick={openUpgradeModal}
          aria-label={`${text} (locked: buy credits to download)`}
          title={DOWNLOAD_LOCKED_TEXT}
        >
          <Lock className="h-4 w-4" aria-hidden="true" /> {label ?? 'Download'}
        </Button>
        {!compact && <p className="text-xs text-slate-600">{DOWNLOAD_LOCKED_TEXT}.</p>}
      </div>
    );
  }

  async function download() {
    setPending(true);
    setRefusal(null);
    try {
      const { url } = await getDownloadLink(job.id, output.id);
      browser.navigate(url);
    } catch (error) {
      setRefusal(errorMessage(error, 'The download failed'));
      if (isApiError(error) && error.status === 403) openUpgradeModal();
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      <Button variant="outline" size={size} onClick={() => void download()} disabled={pending} aria-label={text}>
        <Download className="h-4 w-4" aria-hidden="true" /> {pending ? 'Preparing…' : (label ?? 'Download')}
      </Button>
      {refusal && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>{refusal}</span>
          <Button variant="secondary" size="sm" onClick={openUpgradeModal}>
            Buy credits
          </Button>
        </div>
      )}
    </div>
  );
}
