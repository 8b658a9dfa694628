import { describe, expect, it } from 'vitest';
import { parseTranscript } from './transcript-parser.ts';
import type { Turn } from './transcript-parser.ts';
import { samplePlainText, sampleSrt, sampleVtt } from './test-transcripts.ts';

const who = (turns: readonly Turn[]) => turns.map((turn) => turn.speaker);
const turn = (speaker: string | null, startSeconds: number | null, endSeconds: number | null, text: string): Turn => ({
  speaker,
  startSeconds,
  endSeconds,
  text,
});

describe('transcript parser', () => {
  it('reads WebVTT voice tags, header, NOTE and STYLE blocks, cue settings and inline tags; merges cues of one speaker', () => {
    const vtt = parseTranscript(
      [
        'WEBVTT - Intro call',
        'Kind: captions',
        'Language: en',
        '',
        'STYLE',
        '::cue { color: yellow }',
        '',
        'NOTE the names were added by hand',
        'and this note spans two lines',
        '',
        'intro-1',
        '00:00:01.000 --> 00:00:02.500 align:start position:10%',
        '<v Ana Souza>Hello <i>there</i>',
        '',
        '00:00:02.500 --> 00:00:04.000',
        '<v Ana Souza>and welcome &amp; thanks.</v>',
        '',
        '00:00:04.500 --> 00:00:06.000',
        '<v.loud Bo Chen>Thanks, Ana.</v>',
      ].join('\n'),
      'call.vtt',
    );
    expect(vtt).toMatchObject({ format: 'vtt', layout: 'webvtt', speakersIdentified: true });
    expect(vtt.turns).toEqual([turn('Ana Souza', 1, 4, 'Hello there and welcome & thanks.'), turn('Bo Chen', 4.5, 6, 'Thanks, Ana.')]);

    const sample = parseTranscript(sampleVtt, 'call.vtt');
    expect(sample.turns).toHaveLength(16);
    expect(sample.turns[0]).toEqual(turn('Alex', 0, 6, 'Hi Jordan, thanks for taking the time today. How are things going at Brightline?'));
  });

  it('splits a cue with two voices in proportion to their words', () => {
    const vtt = parseTranscript('WEBVTT\n\n00:00:10.000 --> 00:00:14.000\n<v Ana>One two three.</v> <v Bo>Four.</v>\n', 'a.vtt');
    expect(vtt.turns).toEqual([turn('Ana', 10, 13, 'One two three.'), turn('Bo', 13, 14, 'Four.')]);
  });

  it('reads SubRip with Name: prefixes, comma milliseconds and unlabelled continuation cues', () => {
    const srt = parseTranscript(sampleSrt, 'call.srt');
    expect(srt).toMatchObject({ format: 'srt', layout: 'srt' });
    expect(srt.turns[1]).toMatchObject({ speaker: 'Jordan', startSeconds: 6, endSeconds: 12 });
    const continued = parseTranscript(
      '1\n00:00:01,000 --> 00:00:03,000\nAna: First part\n\n2\n00:00:03,000 --> 00:00:05,000\nof the sentence.\n\n3\n00:00:05,200 --> 00:00:07,000\nBo: Right.\n\n4\n00:00:07,000 --> 00:00:08,000\nAna: Yes.',
    );
    expect(continued.format).toBe('srt');
    expect(continued.turns.map((t) => [t.speaker, t.text, t.startSeconds, t.endSeconds])).toEqual([
      ['Ana', 'First part of the sentence.', 1, 5],
      ['Bo', 'Right.', 5.2, 7],
      ['Ana', 'Yes.', 7, 8],
    ]);
  });

  it("reads Zoom's WebVTT ('Name: ' cue text, numbered cues) and Zoom's saved transcript ('[Name] 14:02:24')", () => {
    const vtt = parseTranscript(
      'WEBVTT\n\n1\n00:00:01.120 --> 00:00:05.480\nNina Alvarez: Hey Ben.\n\n2\n00:00:05.900 --> 00:00:07.300\nBen Carter: Hi Nina.\n',
    );
    expect(vtt).toMatchObject({ format: 'vtt', layout: 'zoom-vtt' });
    expect(who(vtt.turns)).toEqual(['Nina Alvarez', 'Ben Carter']);

    const txt = parseTranscript(
      '[Nina Alvarez] 14:02:24\nHey Ben, thanks for joining.\n\n[Ben Carter] 14:02:29\nSure.\nGlad to.\n\n[Nina Alvarez] 14:02:33\nShall we start?',
    );
    expect(txt).toMatchObject({ format: 'text', layout: 'zoom-txt' });
    expect(txt.turns).toEqual([
      turn('Nina Alvarez', 0, 5, 'Hey Ben, thanks for joining.'),
      turn('Ben Carter', 5, 9, 'Sure. Glad to.'),
      turn('Nina Alvarez', 9, null, 'Shall we start?'),
    ]);
  });

  it('reads Microsoft Teams: WebVTT with GUID cue ids, the old layout with the name on its own line, and the .docx text', () => {
    const vtt = parseTranscript(
      'WEBVTT\n\n3a8f1c2e-0b6d-4d0c-9a57-1f2e3d4c5b6a/11-0\n00:00:04.120 --> 00:00:07.980\n<v Priya Raman>Hi Marcus.</v>\n\n3a8f1c2e-0b6d-4d0c-9a57-1f2e3d4c5b6a/12-0\n00:00:08.100 --> 00:00:09.000\n<v Marcus Lee>Hi.</v>\n',
    );
    expect(vtt).toMatchObject({ format: 'vtt', layout: 'teams-vtt' });
    expect(who(vtt.turns)).toEqual(['Priya Raman', 'Marcus Lee']);

    const old = parseTranscript(
      '0:0:0.0 --> 0:0:5.430\nPriya Raman\nHi Marcus, thanks for joining.\n\n0:0:5.430 --> 0:0:8.0\nMarcus Lee\nHappy to.\n\n0:0:8.0 --> 0:0:9.500\nPriya Raman\nShall we start?\n\n0:0:9.500 --> 0:0:10.0\nMarcus Lee\nSure.',
    );
    expect(old.layout).toBe('teams-vtt');
    expect(old.turns[0]).toEqual(turn('Priya Raman', 0, 5.43, 'Hi Marcus, thanks for joining.'));
    expect(who(old.turns)).toEqual(['Priya Raman', 'Marcus Lee', 'Priya Raman', 'Marcus Lee']);

    const docx = parseTranscript(
      'Weekly sync-20240312_140211-Meeting Recording\nMarch 12, 2024, 2:02PM\n1m 5s\n\nPriya Raman started transcription\n\nPriya Raman   0:04\nHi Marcus. The review moved to\nTuesday 10:30\nShall we start?\n\nMarcus Lee   1:02:07\nSure.\n\nPriya Raman stopped transcription',
    );
    expect(docx).toMatchObject({ format: 'text', layout: 'teams-docx', statedDurationSeconds: 65 });
    // 'Tuesday 10:30' looks like a header but a one-word name used once is not a speaker.
    expect(docx.turns).toEqual([
      turn('Priya Raman', 4, 3727, 'Hi Marcus. The review moved to Tuesday 10:30 Shall we start?'),
      turn('Marcus Lee', 3727, null, 'Sure.'),
    ]);
  });

  it('reads Google Meet transcripts: title, attendees and notices left out, time markers, the stated length', () => {
    const meet = parseTranscript(
      [
        'abc-defg-hij (2024-07-18 15:44 GMT-7) - Transcript',
        'Attendees',
        'Ana Souza, Bo Chen, Ana Souza’s Presentation',
        'Transcript',
        'This editable transcript was computer generated and might contain errors.',
        '00:00:00',
        '',
        'Ana Souza: Hi Bo.',
        'Bo Chen ~: Hi Ana.',
        '00:05:00',
        '',
        'Ana Souza: Five minutes in.',
        'Meeting ended after 00:06:10 👋',
      ].join('\n'),
    );
    expect(meet).toMatchObject({ format: 'text', layout: 'google-meet', statedDurationSeconds: 370, speakersIdentified: true });
    expect(meet.turns).toEqual([
      turn('Ana Souza', 0, null, 'Hi Bo.'),
      turn('Bo Chen', null, null, 'Hi Ana.'),
      turn('Ana Souza', 300, null, 'Five minutes in.'),
    ]);
  });

  it('reads Name: lines with continuation lines; a one-off "Note:" is text, a one-off real name next to recurring ones is a speaker', () => {
    const plain = parseTranscript(samplePlainText);
    expect(plain).toMatchObject({ format: 'text', layout: 'name-lines' });
    expect(new Set(who(plain.turns))).toEqual(new Set(['Sam', 'Taylor']));

    const notes = parseTranscript(
      'Ana: Hi Bo.\nNote: this line belongs to Ana.\nBo: Hi Ana.\nAna: Shall we start?\nCarla: Sorry I am late.',
    );
    expect(notes.turns.map((t) => [t.speaker, t.text])).toEqual([
      ['Ana', 'Hi Bo. Note: this line belongs to Ana.'],
      ['Bo', 'Hi Ana.'],
      ['Ana', 'Shall we start?'],
      ['Carla', 'Sorry I am late.'],
    ]);
  });

  it('reads timestamped lines: "[00:01:02] Name:", "00:01:02 Name:" and "Name (01:02):"; a turn ends where the next starts', () => {
    for (const text of [
      '[00:00:10] Ana: Hi Bo.\n[00:00:25] Bo: Hi Ana.\n[00:00:40] Ana: Shall we start?',
      '00:00:10 Ana: Hi Bo.\n00:00:25 Bo: Hi Ana.\n00:00:40 Ana: Shall we start?',
      'Ana (00:10): Hi Bo.\nBo (00:25): Hi Ana.\nAna (00:40): Shall we start?',
    ]) {
      const timed = parseTranscript(text);
      expect(timed.layout).toBe('timestamped-lines');
      expect(timed.turns).toEqual([turn('Ana', 10, 25, 'Hi Bo.'), turn('Bo', 25, 40, 'Hi Ana.'), turn('Ana', 40, null, 'Shall we start?')]);
    }
  });

  it('splits role labels pasted on one line', () => {
    const pasted = parseTranscript('Seller: Hello, how are you today? Buyer: Fine, but the price is too high for us.');
    expect(pasted.turns.map((t) => [t.speaker, t.text])).toEqual([
      ['Seller', 'Hello, how are you today?'],
      ['Buyer', 'Fine, but the price is too high for us.'],
    ]);
  });

  it('says so when no speaker is named: prose paragraphs and captions without names', () => {
    const prose = parseTranscript(
      'Thanks for joining today. What are you hoping to fix?\n\nMostly the reporting: it takes two days.\nEvery month.',
    );
    expect(prose).toMatchObject({ format: 'text', layout: 'plain', speakersIdentified: false });
    expect(prose.turns).toEqual([
      turn(null, null, null, 'Thanks for joining today. What are you hoping to fix?'),
      turn(null, null, null, 'Mostly the reporting: it takes two days. Every month.'),
    ]);
    const captions = parseTranscript(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello and welcome.\n\n00:00:03.000 --> 00:00:05.000\nThanks for having me.\n',
    );
    expect(captions).toMatchObject({ layout: 'webvtt', speakersIdentified: false });
    expect(who(captions.turns)).toEqual([null, null]);
  });
});
