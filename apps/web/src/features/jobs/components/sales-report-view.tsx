import type { ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { SalesReport } from '@lumen/core/services/sales-report';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';

const percent = (share: number) => `${Math.round(share * 100)}%`;

function formatAt(seconds: number | null): string | null {
  if (seconds === null) return null;
  const m = Math.floor(seconds / 60);
  const s = Math.floor(seconds % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}

const criterionNames: Record<SalesReport['score']['reasons'][number]['criterion'], string> = {
  'talk-ratio': 'Talk ratio',
  discovery: 'Discovery questions',
  objections: 'Objection handling',
  'next-steps': 'Next steps',
  sentiment: 'Sentiment',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** Talk ratio per speaker as horizontal bars (share of words, or of time when timestamps exist). */
function TalkRatioChart({ speakers, byTime }: { speakers: SalesReport['speakers']; byTime: boolean }) {
  return (
    <ul className="space-y-2" aria-label="Talk ratio per speaker">
      {speakers.map((speaker) => {
        const share = byTime && speaker.timeShare !== null ? speaker.timeShare : speaker.wordShare;
        return (
          <li key={speaker.name}>
            <div className="flex justify-between text-sm text-slate-700">
              <span>
                {speaker.name}
                {speaker.isSeller && <span className="ml-1 text-xs text-slate-500">(seller)</span>}
              </span>
              <span className="font-medium">{percent(share)}</span>
            </div>
            <div className="mt-1 h-3 w-full rounded-full bg-slate-100" aria-hidden="true">
              <div
                className={`h-3 rounded-full ${speaker.isSeller ? 'bg-brand-600' : 'bg-emerald-500'}`}
                style={{ width: percent(share) }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Sentiment over the call: -1..1 per part, as an SVG line chart. */
function SentimentChart({ segments }: { segments: SalesReport['sentiment']['segments'] }) {
  const width = 300;
  const height = 100;
  if (segments.length === 0) return <p className="text-sm text-slate-600">Not enough text to chart the sentiment.</p>;
  const x = (index: number) => (segments.length === 1 ? width / 2 : (index / (segments.length - 1)) * width);
  const y = (score: number) => height / 2 - (score * height) / 2.2;
  const points = segments.map((segment, index) => `${x(index).toFixed(1)},${y(segment.score).toFixed(1)}`).join(' ');
  const summary = segments.map((segment) => segment.label).join(', ');
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-32 w-full" role="img" aria-label={`Sentiment over the call: ${summary}`}>
      <line x1={0} x2={width} y1={height / 2} y2={height / 2} className="stroke-slate-300" strokeDasharray="4 4" />
      <polyline points={points} fill="none" className="stroke-brand-600" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      {segments.map((segment, index) => (
        <circle
          key={segment.index}
          cx={x(index)}
          cy={y(segment.score)}
          r={3}
          className={segment.label === 'positive' ? 'fill-emerald-500' : segment.label === 'negative' ? 'fill-red-500' : 'fill-slate-400'}
        />
      ))}
    </svg>
  );
}

/** The sales pilot's report page: score with reasons, talk ratio, questions, objections, sentiment, topics, next steps. */
export function SalesReportView({ report }: { report: SalesReport }) {
  const byTime = report.source.hasTimestamps;
  const open = report.questions.filter((q) => q.kind === 'open').length;
  return (
    <div className="space-y-4" data-testid="sales-report">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div
          className="flex h-24 w-24 shrink-0 flex-col items-center justify-center rounded-full border-4 border-brand-500 bg-brand-50"
          aria-label={`Score ${report.score.value} out of 100`}
          role="img"
        >
          <span className="text-3xl font-bold text-brand-800">{report.score.value}</span>
          <span className="text-xs text-slate-600">/ 100</span>
        </div>
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900">{report.score.verdict}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {report.score.reasons.map((reason) => (
              <li key={reason.criterion} className="flex items-start gap-2">
                {reason.good ? (
                  <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-label="Good" />
                ) : (
                  <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-label="To improve" />
                )}
                <span>
                  <strong>{criterionNames[reason.criterion]}</strong> ({reason.points}/{reason.maxPoints}): {reason.detail}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={`Talk ratio (${byTime ? 'by time' : 'by words'})`}>
          <TalkRatioChart speakers={report.speakers} byTime={byTime} />
        </Section>
        <Section title="Sentiment over the call">
          <SentimentChart segments={report.sentiment.segments} />
        </Section>
      </div>

      <Section title={`Questions (${report.questions.length}, ${open} open)`}>
        {report.questions.length === 0 ? (
          <p className="text-sm text-slate-600">No questions were asked.</p>
        ) : (
          <ul className="max-h-64 space-y-1 overflow-y-auto text-sm text-slate-700">
            {report.questions.map((question, index) => (
              <li key={index}>
                <Badge tone={question.kind === 'open' ? 'success' : 'neutral'} className="mr-2">
                  {question.kind}
                </Badge>
                <span className="font-medium">{question.speaker}:</span> {question.text}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`Objections (${report.objections.length})`}>
        {report.objections.length === 0 ? (
          <p className="text-sm text-slate-600">No objections were raised.</p>
        ) : (
          <ul className="space-y-3">
            {report.objections.map((objection, index) => (
              <li key={index} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="warning">{objection.category}</Badge>
                  <Badge tone={objection.handled ? 'success' : 'danger'}>{objection.handled ? 'Handled' : 'Not handled'}</Badge>
                  {formatAt(objection.at) && <span className="text-xs text-slate-500">at {formatAt(objection.at)}</span>}
                </div>
                <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm text-slate-700 italic">
                  “{objection.quote}” — {objection.speaker}
                </blockquote>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Key topics">
          {report.topics.length === 0 ? (
            <p className="text-sm text-slate-600">No recurring topics.</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {report.topics.map((topic) => (
                <li key={topic.term}>
                  <Badge tone="brand">
                    {topic.term} ×{topic.mentions}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Next steps">
          {report.nextSteps.length === 0 ? (
            <p className="text-sm text-slate-600">No next steps were agreed.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {report.nextSteps.map((step, index) => (
                <li key={index}>
                  {step.text}{' '}
                  <span className="text-slate-500">
                    ({step.speaker}
                    {step.due ? `, ${step.due}` : ''})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}
