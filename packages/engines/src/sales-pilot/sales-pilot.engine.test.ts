import { describe, expect, it } from 'vitest';
import { salesReportSchema } from '@lumen/core/services/sales-report';
import type { SalesPilotParams } from '@lumen/core/services/sales-pilot-params';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';
import { salesPilotEngine } from './sales-pilot.engine.ts';
import { samplePlainText, sampleVtt } from './test-transcripts.ts';

const context = () => ({ signal: new AbortController().signal, onProgress: () => undefined });
const file = (name: string, data: Buffer | string): Record<string, EngineFile> => ({
  transcript: { name, contentType: 'text/plain', data: Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8') },
});
const run = (params: Partial<SalesPilotParams>, files: Record<string, EngineFile> = {}) =>
  salesPilotEngine.run({ params: { language: 'en', ...params }, files }, context());

describe('sales-pilot built-in engine', () => {
  it('analyses a two-speaker WebVTT call: speakers, talk ratio, questions, objections, next steps, score', async () => {
    const result = await run({}, file('discovery-call.vtt', sampleVtt));
    const report = salesReportSchema.parse(result.summary);
    expect(report.source).toMatchObject({ format: 'vtt', hasTimestamps: true, turns: 16, durationSeconds: 134 });

    const alex = report.speakers.find((s) => s.name === 'Alex')!;
    const jordan = report.speakers.find((s) => s.name === 'Jordan')!;
    expect(alex.isSeller).toBe(true);
    expect(jordan.isSeller).toBe(false);
    // Alex's cues run 70 s of 134 s; the word shares add up to one.
    expect(alex.seconds).toBe(70);
    expect(alex.timeShare).toBeCloseTo(70 / 134, 3);
    expect(alex.wordShare + jordan.wordShare).toBeCloseTo(1, 2);
    expect(alex.wordShare).toBeGreaterThan(jordan.wordShare);

    // Four open (how are things, what does your reporting look like, how much time, why), one closed (would … solve).
    expect(alex).toMatchObject({ questions: 5, openQuestions: 4, closedQuestions: 1 });
    expect(report.questions.map((q) => q.text)).toContain('Why is the overnight export the way it is done now?');
    expect(report.questions.find((q) => q.text.startsWith('Why'))).toMatchObject({ kind: 'open', speaker: 'Alex', at: 50 });

    const price = report.objections.find((o) => o.category === 'price');
    expect(price).toMatchObject({
      speaker: 'Jordan',
      handled: true,
      quote: 'But honestly the price looked too expensive when I checked your website.',
    });
    expect(report.objections.map((o) => o.category)).toContain('authority');

    expect(report.nextSteps.map((step) => [step.speaker, step.due])).toEqual([
      ['Alex', 'by Thursday'],
      ['Alex', 'next week'],
    ]);
    expect(report.topics.map((t) => t.term)).toContain('warehouse');
    expect(report.sentiment.segments).toHaveLength(10);
    expect(report.sentiment.segments.at(-1)!.label).toBe('positive');

    expect(report.score.value).toBeGreaterThanOrEqual(70);
    expect(report.score.reasons.map((r) => r.criterion)).toEqual(['talk-ratio', 'discovery', 'objections', 'next-steps', 'sentiment']);
    expect(report.score.reasons.find((r) => r.criterion === 'talk-ratio')).toMatchObject({ good: true, points: 25 });

    const [html, json] = result.files;
    expect(html).toMatchObject({ kind: 'report', contentType: 'text/html; charset=utf-8', name: 'sales-call-report.html' });
    const page = html!.data.toString('utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<svg');
    expect(page).toContain('too expensive');
    expect(page).not.toContain('<script');
    expect(html!.preview!.data.toString('utf8')).toContain('Preview');
    expect(json).toMatchObject({ contentType: 'application/json' });
    expect(salesReportSchema.parse(JSON.parse(json!.data.toString('utf8')))).toEqual(report);
  });

  it('analyses pasted plain text without timestamps', async () => {
    const report = salesReportSchema.parse((await run({ text: samplePlainText })).summary);
    expect(report.source).toMatchObject({ format: 'text', hasTimestamps: false, durationSeconds: null });
    expect(report.speakers.map((s) => s.name).sort()).toEqual(['Sam', 'Taylor']);
    expect(report.speakers.find((s) => s.name === 'Sam')).toMatchObject({ isSeller: true, timeShare: null, openQuestions: 3 });
    expect(report.objections[0]).toMatchObject({ category: 'competitor', speaker: 'Taylor', handled: true });
    expect(report.nextSteps.at(-1)).toMatchObject({ speaker: 'Sam', due: 'tomorrow' });
  });

  it('keeps the schema and adds sides, question purposes, the longest monologue and the layout', async () => {
    const summary = (await run({}, file('discovery-call.vtt', sampleVtt))).summary as Record<string, unknown>;
    expect(salesReportSchema.safeParse(summary).success).toBe(true);
    expect(summary).toMatchObject({
      source: { layout: 'webvtt', speakersIdentified: true },
      sides: { seller: { speakers: ['Alex'], wordPercent: 55 }, prospect: { speakers: ['Jordan'], wordPercent: 45 } },
      longestMonologue: { speaker: 'Jordan', seconds: 15, words: 25 },
      notices: [],
    });
    // Discovery: reporting today, time lost, the reporting problem; 'how are things going' is small talk.
    expect((summary.speakers as { name: string; discoveryQuestions: number }[]).find((s) => s.name === 'Alex')).toMatchObject({
      discoveryQuestions: 3,
    });
  });

  it('finds the seller by what is said, not by who speaks first', async () => {
    const call = [
      'Dana: Hi, Dana here. I run operations at Pinecrest Dental.',
      "Leo: Thanks for taking the time, Dana. I'm Leo from Chairly. How do you book appointments today?",
      'Dana: Mostly by phone, and we lose a lot of slots to no-shows.',
      'Leo: What does a no-show cost you?',
      'Dana: About a hundred and fifty dollars each.',
    ].join('\n');
    const report = salesReportSchema.parse((await run({ text: call })).summary);
    expect(report.speakers.find((s) => s.isSeller)?.name).toBe('Leo');
  });

  it('says when it had to guess the seller, and when only one speaker talks', async () => {
    const smallTalk = (await run({ text: 'Ana: Morning Bo, lovely weather today.\nBo: Indeed, very sunny out here this week.' })).summary;
    expect(smallTalk).toMatchObject({
      speakers: [
        { name: 'Bo', isSeller: false },
        { name: 'Ana', isSeller: true },
      ],
      notices: ['Nothing showed who was selling; Ana, who spoke first, is taken as the seller.'],
    });
    const monologue = (await run({ text: 'Ana: Our platform does scheduling, reminders and billing for small clinics like yours.' }))
      .summary;
    expect(monologue).toMatchObject({ sides: null, notices: [expect.stringMatching(/^Only one speaker \(Ana\) was found/)] });
  });

  it('scores a one-sided pitch lower, with reasons', async () => {
    const pitch = [
      'Rep: Our platform is the best on the market and it does everything you could want, and I will walk you through all of it now in detail.',
      'Client: Hmm, it sounds too expensive for us, we have no budget.',
      'Rep: Our platform has dashboards, alerts, exports, integrations, reports, roles and permissions, and much more besides that we ship every month.',
      'Client: I see.',
    ].join('\n');
    const report = salesReportSchema.parse((await run({ text: pitch })).summary);
    expect(report.speakers.find((s) => s.name === 'Rep')!.isSeller).toBe(true);
    expect(report.score.value).toBeLessThan(50);
    expect(report.score.reasons.find((r) => r.criterion === 'next-steps')).toMatchObject({ points: 0, good: false });
    expect(report.score.reasons.find((r) => r.criterion === 'talk-ratio')!.good).toBe(false);
  });

  it.each([
    ['nothing at all', {}, {}, 'Upload a transcript'],
    ['both a file and text', { text: samplePlainText }, file('a.txt', samplePlainText), 'not both'],
    ['text under 20 characters', { text: 'Hi there, Bob.' }, {}, '20 characters'],
    ['too few words', { text: 'Ana: hello hello hello hello hello' }, {}, 'too short'],
    ['an empty file', {}, file('a.vtt', ''), 'empty'],
    [
      'a binary file',
      {},
      file('a.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])),
      'binary',
    ],
    [
      'invalid UTF-8',
      {},
      file(
        'a.txt',
        Buffer.from([
          0x41, 0xff, 0xfe, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58,
        ]),
      ),
      'UTF-8',
    ],
    ['a .docx file', {}, file('call.docx', samplePlainText), '.txt, .vtt or .srt'],
    ['a file over 1 MB', {}, file('a.txt', 'Ana: hello there.\n'.repeat(70_000)), '1 MB'],
    [
      'a VTT without speech',
      {},
      file('a.vtt', 'WEBVTT\n\n00:00.000 --> 00:01.000\n\n\n00:01.000 --> 00:02.000\n<v Ana></v>\n'),
      'No speech',
    ],
  ])('refuses %s with a clear EngineInputError', async (_label, params, files, message) => {
    const attempt = run(params as Partial<SalesPilotParams>, files as Record<string, EngineFile>);
    await expect(attempt).rejects.toBeInstanceOf(EngineInputError);
    await expect(attempt).rejects.toThrow(message);
  });
});
