import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { displayedCredit, hasEnoughCredits, usesFor } from '@lumen/core/credits/rules';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { formatUses, pluralCredits } from '@/lib/format.ts';
import { serviceByKey } from '@/lib/service-details.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useCreditBalanceQuery } from '@/features/credits/api/credit-balance.ts';
import { useRefreshCredits } from '@/session/use-refresh-credits.ts';
import { openUpgradeModal } from '@/features/payments/api/upgrade-modal-events.ts';
import { cancelJob, createJob, retryJob, useJobQuery, useServicesQuery } from '../api/jobs.ts';
import { jobKeys } from '@/query-keys/job-keys.ts';
import type { Job } from '../api/job-types.ts';
import { isFinalStatus } from '../api/job-types.ts';
import { AiBackgroundForm } from '../components/ai-background-form.tsx';
import { EngineLine } from '../components/engine-line.tsx';
import { ImageGeneratorForm } from '../components/image-generator-form.tsx';
import { IntroductionDialog } from '../components/introduction-dialog.tsx';
import { JobPanel } from '../components/job-panel.tsx';
import { RecentJobs } from '../components/recent-jobs.tsx';
import { SalesPilotForm } from '../components/sales-pilot-form.tsx';
import { SoundGeneratorForm } from '../components/sound-generator-form.tsx';
import { SpeedpaintingForm } from '../components/speedpainting-form.tsx';
import type { ToolFormProps, ToolSubmission } from '../components/tool-form-parts.tsx';
import { TryOnForm } from '../components/try-on-form.tsx';

const forms: Record<ServiceKey, ComponentType<ToolFormProps>> = {
  'ai-background': AiBackgroundForm,
  'image-generator': ImageGeneratorForm,
  'virtual-try-on': TryOnForm,
  speedpainting: SpeedpaintingForm,
  'sales-pilot': SalesPilotForm,
  'sound-generator': SoundGeneratorForm,
};

function InsufficientCredits({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message}</p>
      <Button onClick={openUpgradeModal} className="shrink-0">
        Buy credits
      </Button>
    </div>
  );
}

export function ToolPage({ service: key }: { service: ServiceKey }) {
  const local = serviceByKey(key);
  const services = useServicesQuery();
  const info = services.data?.find((service) => service.key === key);
  const { user } = useAuth();
  const balanceQuery = useCreditBalanceQuery(user !== null);
  const balance = balanceQuery.data?.balance ?? displayedCredit(user?.credit).balance;
  const cost = info?.cost ?? local.cost;
  const uses = usesFor(balance, cost);
  const enough = hasEnoughCredits(balance, cost);
  const refreshCredits = useRefreshCredits();
  const queryClient = useQueryClient();

  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = searchParams.get('job');
  const [inputPreviews, setInputPreviews] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [limited, setLimited] = useState<string | null>(null);
  const job = useJobQuery(jobId);

  const showJob = useCallback(
    (id: string) =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.set('job', id);
        return next;
      }),
    [setSearchParams],
  );

  const started = useCallback(
    (created: Job, inputPreviewUrl?: string) => {
      queryClient.setQueryData(jobKeys.detail(created.id), created);
      if (inputPreviewUrl) setInputPreviews((previews) => ({ ...previews, [created.id]: inputPreviewUrl }));
      showJob(created.id);
      setRefusal(null);
      setLimited(null);
      void queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: jobKeys.services() });
      if (created.cost > 0) void refreshCredits();
    },
    [queryClient, refreshCredits, showJob],
  );

  const failed = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 402) {
        setRefusal(error.message);
        void refreshCredits();
        return;
      }
      if (isApiError(error) && error.status === 429) {
        setLimited(error.message);
        return;
      }
      toast.error(errorMessage(error, 'The job could not be started'));
    },
    [refreshCredits],
  );

  const submit = useMutation({
    mutationFn: (submission: ToolSubmission) => createJob({ service: key, params: submission.params, files: submission.files }),
    onSuccess: (created, submission) => started(created, submission.inputPreviewUrl),
    onError: failed,
  });
  const retry = useMutation({
    mutationFn: retryJob,
    onSuccess: (created, previousId) => started(created, inputPreviews[previousId]),
    onError: failed,
  });
  const cancel = useMutation({
    mutationFn: cancelJob,
    onSuccess: (cancelled) => queryClient.setQueryData(jobKeys.detail(cancelled.id), cancelled),
    onError: (error) => toast.error(errorMessage(error, 'The job could not be cancelled')),
  });

  // When the job becomes final: re-read the lists, and the credits after a refund.
  const seenFinal = useRef<string | null>(null);
  const current = job.data && job.data.id === jobId ? job.data : undefined;
  useEffect(() => {
    if (!current || !isFinalStatus(current.status) || seenFinal.current === current.id) return;
    seenFinal.current = current.id;
    void queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
    if (current.status === 'failed' && current.refunded && current.cost > 0) void refreshCredits();
  }, [current, queryClient, refreshCredits]);

  const Form = forms[key];
  const freeRunsPerDay = info?.freeRunsPerDay;
  const shortMessage = `You need ${pluralCredits(cost)} for ${info?.name ?? local.name} and your balance is ${pluralCredits(balance)}.`;

  return (
    <>
      <PageHeader eyebrow="Tools" title={info?.name ?? local.name} description={info?.description ?? local.description} />
      <IntroductionDialog service={key} />
      <div className="mb-6 grid gap-3 sm:grid-cols-3">
        <Card>
          <p className="text-sm text-slate-600">Cost</p>
          <p className="mt-1 text-xl font-bold text-slate-900" data-testid="tool-cost">
            {cost <= 0 ? 'Free' : `${pluralCredits(cost)} per use`}
          </p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Your balance</p>
          <p className="mt-1 text-xl font-bold text-slate-900">{pluralCredits(balance)}</p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Uses left</p>
          <p className="mt-1 text-xl font-bold text-slate-900" data-testid="tool-uses">
            {uses === 'unlimited' && freeRunsPerDay ? `${freeRunsPerDay} a day` : formatUses(uses)}
          </p>
        </Card>
      </div>
      <EngineLine service={key} engine={info?.engine} />
      {(refusal || !enough) && (
        <div className="mb-4">
          <InsufficientCredits message={refusal ?? shortMessage} />
        </div>
      )}
      {limited && (
        <p role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {limited}
        </p>
      )}
      <div className={key === 'sales-pilot' ? 'grid grid-cols-1 gap-6' : 'grid grid-cols-1 gap-6 lg:grid-cols-2'}>
        <Card>
          <Form
            onSubmit={(submission) => submit.mutate(submission)}
            disabled={!enough}
            submitting={submit.isPending}
            cost={cost}
            freeRunsPerDay={freeRunsPerDay}
            serviceFiles={info?.files}
            initialPrompt={searchParams.get('prompt') ?? undefined}
          />
        </Card>
        <Card aria-live="polite">
          {!jobId ? (
            <p className="text-sm text-slate-600">Your result will appear here.</p>
          ) : current ? (
            <JobPanel
              job={current}
              inputPreviewUrl={inputPreviews[current.id]}
              onRetry={() => retry.mutate(current.id)}
              retrying={retry.isPending}
              onCancel={() => cancel.mutate(current.id)}
              cancelling={cancel.isPending}
              canRetry={enough}
            />
          ) : job.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(job.error, 'The job could not be loaded')}
            </p>
          ) : (
            <Spinner label="Loading the job…" />
          )}
        </Card>
      </div>
      <RecentJobs service={key} currentId={jobId} onOpen={showJob} />
    </>
  );
}
