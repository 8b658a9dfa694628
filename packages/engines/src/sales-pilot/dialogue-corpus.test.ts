import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCall } from './analyse-call.ts';
import { dialogues, fillerWords } from './dialogue-corpus.ts';
import { loadNlp } from './nlp.ts';
import { parseTranscript } from './transcript-parser.ts';

beforeAll(() => loadNlp());

describe('the sales pilot on eleven written calls with known findings', () => {
  it('holds at least ten dialogues covering authority, competitor and timing objections', () => {
    expect(dialogues.length).toBeGreaterThanOrEqual(10);
    const categories = new Set(dialogues.flatMap((d) => d.objections.map(([category]) => category)));
    for (const category of ['authority', 'competitor', 'timing']) expect(categories).toContain(category);
  });

  it.each(dialogues.map((d) => [d.name, d] as const))('%s', (_name, dialogue) => {
    const report = analyseCall(parseTranscript(dialogue.text, 'call.txt'));
    expect(report.objections.map((o) => [o.category, o.handled])).toEqual(dialogue.objections);
    const terms = report.topics.map((t) => t.term);
    for (const term of dialogue.topics) expect(terms, `topics ${terms.join(', ')}`).toContain(term);
    for (const term of terms) for (const word of term.split(' ')) expect(fillerWords, `topic '${term}'`).not.toContain(word);
    expect(report.nextSteps.map((step) => step.due)).toEqual(dialogue.nextSteps);
  });
});
