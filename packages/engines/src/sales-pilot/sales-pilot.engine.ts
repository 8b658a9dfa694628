import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineResult } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { analyseCall } from './analyse-call.ts';
import { salesReportResult } from './report-result.ts';
import { countWords } from './text-tools.ts';
import { parseTranscript } from './transcript-parser.ts';
import { transcriptText } from './transcript-input.ts';
import { loadNlp } from './nlp.ts';

const MIN_WORDS = 12;

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

    const transcript = parseTranscript(text, fileName);
    const words = transcript.turns.reduce((sum, turn) => sum + countWords(turn.text), 0);
    if (transcript.turns.length === 0) throw new EngineInputError('No speech was found in the transcript (its cues are empty)');
    if (words < MIN_WORDS) throw new EngineInputError(`The transcript is too short to analyse (at least ${MIN_WORDS} words)`);
    if (!/[a-z]{2,}/i.test(text)) throw new EngineInputError('The transcript has no readable English words');
    context.onProgress(0.3);

    await loadNlp();
    const report = analyseCall(transcript);
    context.onProgress(0.8);
    context.onProgress(1);
    return salesReportResult(report, fileName);
  },
};
