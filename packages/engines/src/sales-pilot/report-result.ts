import type { EngineResult } from '../engine.ts';
import { renderReportHtml } from './report-html.ts';
import type { RenderableReport } from './report-html.ts';

const PREVIEW_BANNER = 'Preview: buy credits to download this report.';

/** The sales report as a job result: HTML (with a bannered preview) and JSON, the report as summary. */
export function salesReportResult(report: RenderableReport, fileName: string | undefined): EngineResult {
  const title = fileName ? `Sales call report: ${fileName}` : 'Sales call report';
  const html = Buffer.from(renderReportHtml(report, { title }), 'utf8');
  const preview = Buffer.from(renderReportHtml(report, { title, banner: PREVIEW_BANNER }), 'utf8');
  return {
    files: [
      {
        kind: 'report',
        name: 'sales-call-report.html',
        contentType: 'text/html; charset=utf-8',
        data: html,
        preview: { name: 'sales-call-report-preview.html', contentType: 'text/html; charset=utf-8', data: preview },
      },
      {
        kind: 'report',
        name: 'sales-call-report.json',
        contentType: 'application/json',
        data: Buffer.from(`${JSON.stringify(report, null, 2)}\n`, 'utf8'),
      },
    ],
    summary: report,
  };
}
