import { describe, expect, it } from 'vitest';
import { parseTranscript } from './transcript-parser.ts';
import { samplePlainText, sampleSrt, sampleVtt } from './test-transcripts.ts';

describe('transcript parser', () => {
  it('reads WebVTT voice tags and cue times, merging cues of one speaker', () => {
    const vtt = parseTranscript(sampleVtt, 'call.vtt');
    expect(vtt.format).toBe('vtt');
    expect(vtt.turns).toHaveLength(16);
    expect(vtt.turns[0]).toEqual({
      speaker: 'Alex',
      text: 'Hi Jordan, thanks for taking the time today. How are things going at Brightline?',
      start: 0,
      end: 6,
    });
    const merged = parseTranscript(
      'WEBVTT\n\n00:01.000 --> 00:02.500\n<v Ana>Hello there\n\n00:02.500 --> 00:04.000\n<v Ana>and welcome.\n',
      'a.vtt',
    );
    expect(merged.turns).toEqual([{ speaker: 'Ana', text: 'Hello there and welcome.', start: 1, end: 4 }]);
  });

  it('reads SubRip with Name: prefixes and comma milliseconds', () => {
    const srt = parseTranscript(sampleSrt, 'call.srt');
    expect(srt.format).toBe('srt');
    expect(srt.turns[1]).toMatchObject({ speaker: 'Jordan', start: 6, end: 12 });
  });

  it('reads plain Name: turns, continuation lines and leading timestamps; a one-off "Note:" is text', () => {
    const plain = parseTranscript(samplePlainText);
    expect(plain.format).toBe('text');
    expect(new Set(plain.turns.map((t) => t.speaker))).toEqual(new Set(['Sam', 'Taylor']));
    const timed = parseTranscript(
      '[00:10] Ana: Hi Bo.\nNote: this line belongs to Ana.\n[00:25] Bo: Hi Ana.\n[00:40] Ana: Shall we start?\nBo: Yes.',
    );
    expect(timed.turns[0]).toEqual({ speaker: 'Ana', text: 'Hi Bo. Note: this line belongs to Ana.', start: 10, end: 25 });
    expect(timed.turns.map((t) => t.speaker)).toEqual(['Ana', 'Bo', 'Ana', 'Bo']);
  });
});
