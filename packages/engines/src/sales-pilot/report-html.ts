import type { SalesReport } from '@lumen/core/services/sales-report';
import type { CallQuestion, CallReportExtras, CallSpeaker } from './call-report.ts';
import type { TranscriptLayout } from './transcript-parser.ts';

/** The schema's report, with what the built-in analyser adds when it made it (a hosted model's report has none of it). */
export type RenderableReport = SalesReport & Partial<CallReportExtras> & { source: { layout?: TranscriptLayout } };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const percent = (share: number) => `${Math.round(share * 100)}%`;
const clock = (seconds: number | null) =>
  seconds === null ? '' : `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
const layoutNames: Record<TranscriptLayout, string> = {
  webvtt: 'WebVTT captions',
  'zoom-vtt': 'Zoom transcript (WebVTT)',
  'teams-vtt': 'Microsoft Teams transcript (WebVTT)',
  srt: 'SubRip captions',
  'zoom-txt': 'Zoom saved transcript (text)',
  'teams-docx': 'Microsoft Teams transcript (copied from .docx)',
  'google-meet': 'Google Meet transcript',
  'timestamped-lines': 'Timestamped "Name:" lines',
  'name-lines': '"Name:" lines',
  plain: 'Plain text without speakers',
};
const palette = ['#4f46e5', '#0d9488', '#d97706', '#db2777', '#2563eb', '#65a30d'];

function scoreGauge(value: number): string {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const colour = value >= 80 ? '#16a34a' : value >= 60 ? '#ca8a04' : '#dc2626';
  return `<svg viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="Score ${value} out of 100">
<circle cx="64" cy="64" r="${radius}" fill="none" stroke="#e5e7eb" stroke-width="12"/>
<circle cx="64" cy="64" r="${radius}" fill="none" stroke="${colour}" stroke-width="12" stroke-linecap="round"
 stroke-dasharray="${((circumference * value) / 100).toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 64 64)"/>
<text x="64" y="72" text-anchor="middle" font-size="30" font-weight="700" fill="#111827">${value}</text></svg>`;
}

function talkRatioBar(report: RenderableReport): string {
  if (report.speakers.length === 0) return '<p class="muted">Speakers could not be identified, so no talk ratio is given.</p>';
  let x = 0;
  const parts = report.speakers.map((speaker, i) => {
    const share = speaker.timeShare ?? speaker.wordShare;
    const width = share * 600;
    const rect = `<rect x="${x.toFixed(1)}" y="0" width="${width.toFixed(1)}" height="28" fill="${palette[i % palette.length]}"><title>${escape(speaker.name)}: ${percent(share)}</title></rect>`;
    x += width;
    return rect;
  });
  const legend = report.speakers
    .map(
      (s, i) =>
        `<span class="key"><i style="background:${palette[i % palette.length]}"></i>${escape(s.name)}${s.isSeller ? ' (seller)' : ''} ${percent(s.timeShare ?? s.wordShare)}</span>`,
    )
    .join(' ');
  const sides = report.sides
    ? `<p>Seller side ${report.sides.seller.wordPercent}% of the words · prospect side ${report.sides.prospect.wordPercent}%</p>`
    : '';
  const longest = report.longestMonologue
    ? `<p>Longest monologue: ${escape(report.longestMonologue.speaker)}, ${
        report.longestMonologue.seconds !== null
          ? `${Math.round(report.longestMonologue.seconds)} s (${report.longestMonologue.words} words)`
          : `${report.longestMonologue.words} words`
      }${report.longestMonologue.at !== null ? ` at ${clock(report.longestMonologue.at)}` : ''}</p>`
    : '';
  return `<svg viewBox="0 0 600 28" width="100%" height="28" preserveAspectRatio="none" role="img" aria-label="Talk ratio">${parts.join('')}</svg><p>${legend}</p>${sides}${longest}`;
}

function sentimentChart(report: SalesReport): string {
  const segments = report.sentiment.segments;
  if (segments.length === 0) return '<p>No sentiment data.</p>';
  const w = 600;
  const h = 160;
  const step = segments.length > 1 ? w / (segments.length - 1) : 0;
  const y = (score: number) => h / 2 - score * (h / 2 - 12);
  const points = segments.map((s, i) => `${(segments.length > 1 ? i * step : w / 2).toFixed(1)},${y(s.score).toFixed(1)}`);
  const dots = segments
    .map(
      (s, i) =>
        `<circle cx="${(segments.length > 1 ? i * step : w / 2).toFixed(1)}" cy="${y(s.score).toFixed(1)}" r="4" fill="${s.score > 0.15 ? '#16a34a' : s.score < -0.15 ? '#dc2626' : '#6b7280'}"><title>Part ${i + 1}${s.start !== null ? ` (${clock(s.start)})` : ''}: ${s.score.toFixed(2)} ${s.label}</title></circle>`,
    )
    .join('');
  return `<svg viewBox="-8 0 ${w + 16} ${h}" width="100%" height="${h}" role="img" aria-label="Sentiment over the call">
<line x1="0" x2="${w}" y1="${h / 2}" y2="${h / 2}" stroke="#d1d5db" stroke-dasharray="4 4"/>
<text x="0" y="10" font-size="10" fill="#6b7280">positive</text><text x="0" y="${h - 2}" font-size="10" fill="#6b7280">negative</text>
<polyline points="${points.join(' ')}" fill="none" stroke="#4f46e5" stroke-width="2.5"/>${dots}</svg>`;
}

function questionTable(report: RenderableReport): string {
  if (report.speakers.length === 0) {
    const counts = report.questionCounts;
    return counts ? `<p>${counts.total} questions (${counts.open} open, ${counts.closed} closed); who asked them is not known.</p>` : '';
  }
  const rows = report.speakers.map((speaker) => {
    const extra = speaker as Partial<CallSpeaker>;
    const cells = [
      speaker.openQuestions,
      speaker.closedQuestions,
      extra.discoveryQuestions ?? '–',
      extra.objectionHandlingQuestions ?? '–',
    ];
    return `<tr><td>${escape(speaker.name)}${speaker.isSeller ? ' (seller)' : ''}</td><td>${speaker.questions}</td>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  });
  return `<table><tr><th>Speaker</th><th>Questions</th><th>Open</th><th>Closed</th><th>Discovery</th><th>Objection handling</th></tr>${rows.join('')}</table>`;
}

function questionBars(report: SalesReport): string {
  const max = Math.max(1, ...report.speakers.map((s) => s.questions));
  const rows = report.speakers
    .map((s, i) => {
      const open = (s.openQuestions / max) * 420;
      const closed = (s.closedQuestions / max) * 420;
      const top = i * 30;
      return `<text x="0" y="${top + 17}" font-size="12" fill="#111827">${escape(s.name.slice(0, 18))}</text>
<rect x="130" y="${top + 4}" width="${open.toFixed(1)}" height="18" fill="#4f46e5"/><rect x="${(130 + open).toFixed(1)}" y="${top + 4}" width="${closed.toFixed(1)}" height="18" fill="#a5b4fc"/>
<text x="${(136 + open + closed).toFixed(1)}" y="${top + 17}" font-size="12" fill="#374151">${s.openQuestions} open · ${s.closedQuestions} closed</text>`;
    })
    .join('');
  return `<svg viewBox="0 0 640 ${report.speakers.length * 30}" width="100%" height="${report.speakers.length * 30}" role="img" aria-label="Questions per speaker">${rows}</svg>`;
}

/** A self-contained HTML report (inline CSS and SVG charts, no scripts) for download. */
export function renderReportHtml(report: RenderableReport, options: { title: string; banner?: string }): string {
  const list = (items: string[], empty: string) => (items.length > 0 ? `<ul>${items.join('')}</ul>` : `<p class="muted">${empty}</p>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(options.title)}</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827;max-width:860px;margin:0 auto;padding:24px;background:#fff}
h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
.muted{color:#6b7280}.head{display:flex;gap:24px;align-items:center}.banner{background:#fef3c7;border:1px solid #f59e0b;padding:8px 12px;border-radius:6px;margin-bottom:16px}
.key{display:inline-flex;align-items:center;gap:6px;margin-right:14px}.key i{display:inline-block;width:12px;height:12px;border-radius:2px}
.notice{background:#f1f5f9;border-left:4px solid #64748b;padding:6px 10px}.good{color:#15803d}.bad{color:#b91c1c}.chip{display:inline-block;background:#eef2ff;color:#3730a3;border-radius:999px;padding:2px 10px;margin:2px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px;border-bottom:1px solid #f3f4f6;vertical-align:top}blockquote{margin:0;color:#374151}
</style></head><body>
${options.banner ? `<div class="banner">${escape(options.banner)}</div>` : ''}
<div class="head">${scoreGauge(report.score.value)}<div><h1>${escape(options.title)}</h1>
<p><strong>${escape(report.score.verdict)}</strong> · ${report.speakers.length} speaker${report.speakers.length === 1 ? '' : 's'} · ${report.source.words} words${report.source.durationSeconds !== null ? ` · ${clock(report.source.durationSeconds)} long` : ''}</p>
${
  report.source.layout
    ? `<p class="muted">Read as: ${escape(layoutNames[report.source.layout])}. Computed by the built-in transcript analyser (wink-nlp for sentences, negation and sentiment, plus rules; no hosted AI model).</p>`
    : ''
}</div></div>
${(report.notices ?? []).map((notice) => `<p class="notice">${escape(notice)}</p>`).join('')}
<h2>Why this score</h2>
<table>${report.score.reasons.map((r) => `<tr><td class="${r.good ? 'good' : 'bad'}">${r.good ? '✓' : '✗'}</td><td>${escape(r.detail)}</td><td>${r.points}/${r.maxPoints}</td></tr>`).join('')}</table>
<h2>Talk ratio${report.speakers.some((s) => s.timeShare !== null) ? ' (by time; sides by words)' : ' (by words)'}</h2>${talkRatioBar(report)}
<h2>Questions</h2>${report.speakers.length > 0 ? questionBars(report) : ''}${questionTable(report)}
${list(
  report.questions.slice(0, 20).map((q) => {
    const purpose = [
      (q as Partial<CallQuestion>).discovery ? 'discovery' : '',
      (q as Partial<CallQuestion>).objectionHandling ? 'objection handling' : '',
    ]
      .filter(Boolean)
      .join(', ');
    return `<li>${escape(q.speaker)} <span class="muted">(${q.kind}${purpose ? `, ${purpose}` : ''}${q.at !== null ? `, ${clock(q.at)}` : ''})</span>: ${escape(q.text)}</li>`;
  }),
  'No questions found.',
)}
<h2>Objections</h2>
${report.objections.length > 0 ? `<table><tr><th>Type</th><th>Quote</th><th>Answered</th></tr>${report.objections.map((o) => `<tr><td>${o.category}</td><td><blockquote>“${escape(o.quote)}”</blockquote><span class="muted">${escape(o.speaker)}${o.at !== null ? `, ${clock(o.at)}` : ''}</span></td><td class="${o.handled ? 'good' : 'bad'}">${o.handled ? 'yes' : 'no'}</td></tr>`).join('')}</table>` : '<p class="muted">No objections detected.</p>'}
<h2>Sentiment over the call</h2>${sentimentChart(report)}${
    report.sides
      ? `<p>Seller side: ${report.sides.seller.sentimentLabel} (${report.sides.seller.sentiment.toFixed(2)}) · prospect side: ${report.sides.prospect.sentimentLabel} (${report.sides.prospect.sentiment.toFixed(2)})</p>`
      : ''
  }
<h2>Key topics</h2><p>${report.topics.map((t) => `<span class="chip">${escape(t.term)} · ${t.mentions}</span>`).join(' ') || '<span class="muted">None found.</span>'}</p>
<h2>Next steps</h2>
${list(
  report.nextSteps.map(
    (s) => `<li>${escape(s.text)} <span class="muted">— ${escape(s.speaker)}${s.due ? `, due ${escape(s.due)}` : ''}</span></li>`,
  ),
  'No next step with a date was agreed.',
)}
</body></html>
`;
}
