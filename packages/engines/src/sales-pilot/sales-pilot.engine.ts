import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineResult } from '../engine.ts';
import { analyseCall } from './analyse-call.ts';
import { salesReportResult } from './report-result.ts';
import { parseTranscript } from './transcript-parser.ts';
import { transcriptText } from './transcript-input.ts';

const MIN_WORDS = 12;

/**
 * Sales pilot, built in: parses the call (WebVTT, SubRip or 'Name: line' text) and computes the
 * report with word lists and rules: talk ratio, questions, objections, sentiment, topics, next
 * steps and a score with reasons. Returns the report as the summary, as HTML and as JSON.
 */
export const salesPilotEngine: Engine<SalesPilotParams> = {
  service: 'sales-pilot',
  kind: 'builtin',
  label: 'Built-in transcript analyser (rules, offline)',
  async run({ params, files }, context): Promise<EngineResult> {
    const parsed = salesPilotParamsSchema.safeParse(params);
    if (!parsed.success) throw new EngineInputError(parsed.error.issues[0]?.message ?? 'Invalid sales pilot options');
    const { text, fileName } = transcriptText(files.transcript, parsed.data.text);
    context.signal.throwIfAborted();

    const transcript = parseTranscript(text, fileName);
    const words = transcript.turns.reduce((sum, turn) => sum + turn.text.split(/\s+/).filter(Boolean).length, 0);
    if (transcript.turns.length === 0) throw new EngineInputError('No speech was found in the transcript (its cues are empty)');
    if (words < MIN_WORDS) throw new EngineInputError(`The transcript is too short to analyse (at least ${MIN_WORDS} words)`);
    if (!/[a-z]{2,}/i.test(text)) throw new EngineInputError('The transcript has no readable English words');
    context.onProgress(0.3);

    const report = analyseCall(transcript);
    context.onProgress(0.8);
    context.onProgress(1);
    return salesReportResult(report, fileName);
  },
};
