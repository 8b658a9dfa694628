import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineResult } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { analyseCall } from './analyse-call.ts';
import { salesReportResult } from './report-result.ts';
import { parseTranscript } from './transcript-parser.ts';
import { transcriptText } from './transcript-input.ts';
import { transcriptProblem } from './transcript-check.ts';
import { loadNlp } from './nlp.ts';

/**
 * Sales pilot, built in: parses the call (WebVTT and SubRip captions, Zoom, Teams and Google Meet exports,
 * '[00:01:02] Name:' or 'Name:' lines, or prose without speakers) and computes the report with wink-nlp
 * (sentences, negation, sentiment, dates) and rules: talk ratio per speaker and side, questions by form and
 * purpose, longest monologue, objections, next steps, topics and a score with reasons. Returns the report as
 * the summary, as HTML and as JSON.
 */
export const salesPilotEngine: Engine<SalesPilotParams> = {
  service: 'sales-pilot',
  kind: 'builtin',
  label: builtinLabels['sales-pilot'],
  async run({ params, files }, context): Promise<EngineResult> {
    const parsed = salesPilotParamsSchema.safeParse(params);
    if (!parsed.success) throw new EngineInputError(parsed.error.issues[0]?.message ?? 'Invalid sales pilot options');
    const { text, fileName } = transcriptText(files.transcript, parsed.data.text);
    context.signal.throwIfAborted();

    // The same check the server runs before charging (a job that got past an older server still fails, refunded).
    const problem = transcriptProblem(text, fileName);
    if (problem) throw new EngineInputError(problem);
    const transcript = parseTranscript(text, fileName);
    context.onProgress(0.3);

    await loadNlp();
    const report = analyseCall(transcript);
    context.onProgress(0.8);
    context.onProgress(1);
    return salesReportResult(report, fileName);
  },
};
