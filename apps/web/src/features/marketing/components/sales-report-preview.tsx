import type { SalesReport } from '@lumen/core/services/sales-report';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useExampleJson } from '../api/example-json.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The sentiment of each part of the call as a small line chart (-1..1). */
function SentimentLine({ segments }: { segments: SalesReport['sentiment']['segments'] }) {
  if (segments.length < 2) return null;
  const width = 300;
  const height = 80;
  const x = (i: number) => (i / (segments.length - 1)) * width;
  const y = (score: number) => height / 2 - score * (height / 2 - 6);
  const points = segments.map((segment, i) => `${x(i).toFixed(1)},${y(segment.score).toFixed(1)}`).join(' ');
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-20 w-full"
      role="img"
      aria-label={`Sentiment over ${segments.length} parts of the call`}
    >
      <line x1="0" x2={width} y1={height / 2} y2={height / 2} stroke="#cbd5e1" strokeDasharray="4 4" />
      <polyline points={points} fill="none" stroke="#4f46e5" strokeWidth="3" strokeLinejoin="round" />
      {segments.map((segment, i) => (
        <circle
          key={segment.index}
          cx={x(i)}
          cy={y(segment.score)}
          r="3.5"
          fill={segment.label === 'negative' ? '#dc2626' : segment.label === 'positive' ? '#059669' : '#64748b'}
        />
      ))}
    </svg>
  );
}

/** A compact rendering of the sales pilot's report JSON (the same data as the tool's report page). */
export function SalesReportPreview({ url }: { url: string }) {
  const { data: report, isPending, isError, refetch } = useExampleJson<SalesReport>(url);
  if (isPending) return <Spinner label="Loading the example report…" />;
  if (isError) return <ErrorState message="The example report could not be loaded" onRetry={() => void refetch()} />;
  return (
    <div
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2"
      aria-label="Example sales call report"
    >
      <div className="flex items-center gap-4 md:col-span-2">
        <div className="flex h-20 w-20 shrink-0 flex-col items-center justify-center rounded-full bg-brand-600 text-white">
          <span className="text-2xl font-extrabold" data-testid="sales-score">
            {report.score.value}
          </span>
          <span className="text-[10px] tracking-wide uppercase">of 100</span>
        </div>
        <div>
          <p className="text-lg font-bold text-slate-900">{report.score.verdict}</p>
          <p className="text-sm text-slate-600">
            {report.source.turns} turns · {report.source.words} words · {report.speakers.length} speakers
          </p>
        </div>
      </div>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Talk ratio</h3>
        <ul className="mt-2 space-y-2">
          {report.speakers.map((speaker) => (
            <li key={speaker.name} className="text-sm">
              <div className="flex justify-between">
                <span>
                  {speaker.name} {speaker.isSeller && <span className="text-xs text-slate-500">(seller)</span>}
                </span>
                <span className="font-semibold">{percent(speaker.wordShare)}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100">
                <div
                  className={speaker.isSeller ? 'h-2 rounded-full bg-brand-600' : 'h-2 rounded-full bg-emerald-500'}
                  style={{ width: percent(speaker.wordShare) }}
                />
              </div>
              <p className="mt-0.5 text-xs text-slate-500">
                {speaker.questions} question{speaker.questions === 1 ? '' : 's'} ({speaker.openQuestions} open)
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Sentiment over the call</h3>
        <SentimentLine segments={report.sentiment.segments} />
        <p className="text-xs text-slate-500">Overall {report.sentiment.overall.toFixed(2)} (−1 negative … 1 positive)</p>
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Objections</h3>
        <ul className="mt-2 space-y-2 text-sm">
          {report.objections.length === 0 && <li className="text-slate-500">None raised.</li>}
          {report.objections.map((objection) => (
            <li key={objection.quote} className="rounded-lg bg-slate-50 p-2">
              <span className="font-semibold capitalize">{objection.category}</span>
              {objection.handled ? (
                <span className="ml-2 text-xs font-semibold text-emerald-700">answered</span>
              ) : (
                <span className="ml-2 text-xs font-semibold text-red-700">not answered</span>
              )}
              <q className="mt-1 block text-slate-600">{objection.quote}</q>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Next steps</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {report.nextSteps.map((step) => (
            <li key={step.text}>
              {step.text} {step.due && <span className="text-xs font-semibold text-brand-700">({step.due})</span>}
            </li>
          ))}
        </ul>
        <h3 className="mt-4 text-sm font-semibold text-slate-900">Key topics</h3>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {report.topics.slice(0, 6).map((topic) => (
            <li key={topic.term} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
              {topic.term}
            </li>
          ))}
        </ul>
      </section>
      <section className="md:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900">Why this score</h3>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {report.score.reasons.map((reason) => (
            <li key={reason.criterion} className="rounded-lg border border-slate-100 p-2 text-sm">
              <span className="font-semibold">
                {reason.points}/{reason.maxPoints}
              </span>{' '}
              <span className="text-slate-600">{reason.detail}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
