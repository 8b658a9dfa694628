import { ExternalLink } from 'lucide-react';
import type { SalesReport } from '@lumen/core/services/sales-report';
import type { SoundGeneratorSummary } from '@lumen/core/services/sound-generator-params';
import { AudioPlayer } from './audio-player.tsx';
import { DownloadButton } from './download-button.tsx';
import { checkerboardStyle, ImageCompareSlider } from './image-compare-slider.tsx';
import { ImageSceneLine } from './image-scene-line.tsx';
import { PreviewNotice } from './preview-notice.tsx';
import { SalesReportView } from './sales-report-view.tsx';
import type { Job, JobOutput } from '../api/job-types.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function soundPeaks(summary: unknown): number[] {
  const peaks = isObject(summary) ? (summary as Partial<SoundGeneratorSummary>).peaks : undefined;
  return Array.isArray(peaks) ? peaks.filter((peak): peak is number => typeof peak === 'number') : [];
}

export function salesReportOf(summary: unknown): SalesReport | null {
  if (!isObject(summary) || !isObject(summary.score) || !Array.isArray(summary.speakers)) return null;
  return summary as SalesReport;
}

/** The sound the page plays: the MP3 when the engine made one (small, plays everywhere), else the first audio file. */
function playableAudio(outputs: readonly JobOutput[]): JobOutput | undefined {
  const audio = outputs.filter((output) => output.kind === 'audio');
  return audio.find((output) => output.contentType === 'audio/mpeg') ?? audio[0];
}

/** 'sound-rain.mp3' → 'MP3'. */
const fileFormat = (output: JobOutput) => (/\.([a-z0-9]+)$/i.exec(output.name)?.[1] ?? 'file').toUpperCase();

/** The image output used as a video's poster (speedpainting's final frame). */
export function posterOf(job: Job): JobOutput | undefined {
  return job.outputs.find((output) => output.kind === 'image');
}

function ImageOutput({ job, output, transparent }: { job: Job; output: JobOutput; transparent?: boolean }) {
  return (
    <figure className="space-y-2">
      <img
        src={output.previewUrl}
        alt={`Result: ${output.name}`}
        className="h-auto w-full rounded-xl border border-slate-200"
        style={transparent ? checkerboardStyle : undefined}
      />
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span className="truncate">{output.name}</span>
        <DownloadButton job={job} output={output} />
      </figcaption>
    </figure>
  );
}

/** The result of a finished job in the viewer that fits its service; a preview says so and offers credits. */
export function JobResult({ job, inputPreviewUrl }: { job: Job; inputPreviewUrl?: string }) {
  if (job.outputs.length === 0) return <p className="text-sm text-slate-600">This job has no files.</p>;
  return (
    <div className="space-y-3">
      <PreviewNotice job={job} />
      <ServiceResult job={job} inputPreviewUrl={inputPreviewUrl} />
    </div>
  );
}

function ServiceResult({ job, inputPreviewUrl }: { job: Job; inputPreviewUrl?: string }) {
  const outputs = job.outputs;

  switch (job.service) {
    case 'ai-background': {
      const [main, ...rest] = outputs;
      return (
        <div className="space-y-4">
          {inputPreviewUrl && main ? (
            <>
              <ImageCompareSlider before={inputPreviewUrl} after={main.previewUrl} beforeLabel="Original" afterLabel="New background" />
              <DownloadButton job={job} output={main} />
            </>
          ) : (
            main && <ImageOutput job={job} output={main} transparent />
          )}
          {rest.length > 0 && (
            <div className="grid gap-4 sm:grid-cols-2">
              {rest.map((output) => (
                <ImageOutput key={output.id} job={job} output={output} transparent />
              ))}
            </div>
          )}
        </div>
      );
    }
    case 'speedpainting': {
      const video = outputs.find((output) => output.kind === 'video');
      const poster = posterOf(job);
      return (
        <div className="space-y-3">
          {video && (
            <video
              controls
              preload="metadata"
              poster={poster?.previewUrl}
              src={video.previewUrl}
              className="w-full rounded-xl bg-black"
              aria-label="Speed painting video"
            />
          )}
          <div className="flex flex-wrap gap-3">
            {video && <DownloadButton job={job} output={video} label="Download video" />}
            {poster && <DownloadButton job={job} output={poster} label="Download final frame" />}
          </div>
        </div>
      );
    }
    case 'sound-generator': {
      const audio = outputs.filter((output) => output.kind === 'audio');
      const files = audio.length > 0 ? audio : outputs;
      const playable = playableAudio(outputs) ?? outputs[0]!;
      return (
        <div className="space-y-3">
          <AudioPlayer src={playable.previewUrl} peaks={soundPeaks(job.summary)} title={String(job.params.prompt ?? playable.name)} />
          <div className="flex flex-wrap gap-3">
            {files.map((output, index) => (
              <DownloadButton
                key={output.id}
                job={job}
                output={output}
                label={`Download ${fileFormat(output)}`}
                compact={index < files.length - 1}
              />
            ))}
          </div>
        </div>
      );
    }
    case 'sales-pilot': {
      const report = salesReportOf(job.summary);
      const html = outputs.find((output) => output.contentType.startsWith('text/html'));
      const json = outputs.find((output) => output.contentType.startsWith('application/json'));
      return (
        <div className="space-y-4">
          <div className="flex flex-wrap items-start gap-3">
            {html && (
              <a
                href={html.previewUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-8 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open the HTML report
              </a>
            )}
            {html && <DownloadButton job={job} output={html} label="Download HTML report" />}
            {json && <DownloadButton job={job} output={json} label="Download JSON" />}
          </div>
          {report ? <SalesReportView report={report} /> : <p className="text-sm text-slate-600">The report is not available.</p>}
        </div>
      );
    }
    default:
      return (
        <div className="space-y-3">
          <div className={outputs.length > 1 ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4'}>
            {outputs.map((output) => (
              <ImageOutput key={output.id} job={job} output={output} />
            ))}
          </div>
          {job.service === 'image-generator' && <ImageSceneLine summary={job.summary} />}
        </div>
      );
  }
}
