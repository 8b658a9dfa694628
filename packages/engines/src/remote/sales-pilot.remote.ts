import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import { salesReportSchema } from '@lumen/core/services/sales-report';
import { EngineInputError } from '../engine.ts';
import type { Engine } from '../engine.ts';
import { salesReportResult } from '../sales-pilot/report-result.ts';
import { transcriptText } from '../sales-pilot/transcript-input.ts';
import { completeJson } from './openai-chat.ts';
import type { OpenAiSettings } from './openai-chat.ts';

export const salesPilotSystemPrompt = [
  'You analyse sales calls for a sales coach. You receive a transcript or notes of one call (WebVTT, SubRip or "Name: line" text).',
  'Fill the report schema from the transcript only; never invent speakers, quotes or dates.',
  'speakers: talk share by words (and by time when there are timestamps, else null); mark at most one speaker as the seller.',
  'questions: every question asked, open or closed. objections: price, timing, competitor, authority or need, quoted verbatim, handled when the seller answered it.',
  'sentiment: overall and about 10 equal segments, -1..1. topics: key terms with mentions and weight 0..1. nextSteps: agreed actions with the due phrase or null.',
  'score: 0..100 with a one-line verdict and reasons for talk-ratio, discovery, objections, next-steps and sentiment. version is 1, language "en".',
].join('\n');

/** Sales pilot through an OpenAI-compatible Chat Completions API with the report's JSON schema (Structured Outputs). */
export function createSalesPilotRemoteEngine(settings: OpenAiSettings): Engine<SalesPilotParams> {
  return {
    service: 'sales-pilot',
    kind: 'remote',
    label: `Hosted language model (${settings.model})`,
    async run({ params, files }, context) {
      const parsed = salesPilotParamsSchema.safeParse(params);
      if (!parsed.success) throw new EngineInputError(parsed.error.issues[0]?.message ?? 'Invalid sales pilot options');
      const { text, fileName } = transcriptText(files.transcript, parsed.data.text);
      const {
        data: report,
        costMicroUsd,
        usage,
      } = await completeJson(
        settings,
        {
          system: salesPilotSystemPrompt,
          user: `${fileName ? `File: ${fileName}\n\n` : ''}${text}`,
          schemaName: 'sales_call_report',
          schema: salesReportSchema,
        },
        context,
      );
      context.onProgress(1);
      const result = salesReportResult(report, fileName);
      if (costMicroUsd === null && usage === null) return result;
      return {
        ...result,
        provider: {
          name: 'openai',
          model: settings.model,
          ...(costMicroUsd === null ? {} : { costMicroUsd }),
          ...(usage === null ? {} : { usage }),
        },
      };
    },
  };
}
