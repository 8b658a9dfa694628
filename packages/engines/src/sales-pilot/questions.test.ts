import { beforeAll, describe, expect, it } from 'vitest';
import { callSentences } from './call-sentences.ts';
import { findNextSteps, objectionIn } from './call-signals.ts';
import { readSentences } from './nlp.ts';
import { questionShape } from './questions.ts';
import { loadNlp } from './nlp.ts';

beforeAll(() => loadNlp());

const shape = (text: string, punctuated = true) => {
  const [sentence] = readSentences(text);
  return questionShape(sentence!, punctuated);
};
const steps = (text: string) =>
  findNextSteps(callSentences([{ speaker: 'Ana', startSeconds: null, endSeconds: null, text }])).map((step) => step.due);

describe('question classification', () => {
  it.each([
    ['What does your process look like today?', 'open'],
    ['How much time does the team lose each week?', 'open'],
    ['Who else is involved in the decision?', 'open'],
    ['So, okay, why did you start looking now?', 'open'],
    ['Jordan, how do you handle returns?', 'open'],
    ['If we fixed that, what would change for your team?', 'open'],
    ['Could you walk me through the approval process?', 'open'],
    ['Tell me about your current setup.', 'open'],
    ['Do you have a budget for this?', 'closed'],
    ["Isn't that a problem for the warehouse team?", 'closed'],
    ['Would a pilot on ten trucks help?', 'closed'],
    ["You're on Salesforce today, right?", 'closed'],
    ['How about Tuesday at ten?', 'closed'],
  ])('%s → %s', (text, form) => {
    expect(shape(text)?.form).toBe(form);
  });

  it('is not fooled by statements, back-channel tags and reported questions', () => {
    expect(shape('We looked at what the team needs.')).toBeNull();
    expect(shape('Right?')).toBeNull();
    expect(shape('I asked what it costs.')).toBeNull();
    expect(shape('Why?')).toMatchObject({ form: 'open' });
  });

  it('in a transcript without question marks, a sentence that opens like a question is one', () => {
    expect(shape('so what are you using for reporting right now', false)).toMatchObject({ form: 'open', topics: ['process'] });
    expect(shape('do you have budget set aside', false)).toMatchObject({ form: 'closed', topics: ['budget'] });
    expect(shape('we use spreadsheets for everything', false)).toBeNull();
  });

  it('reads discovery topics from lemmas, and tells proposals and small talk apart', () => {
    expect(shape('How much money are you losing on no-shows?')?.topics).toEqual(['pain', 'budget']);
    expect(shape('Who signs off on a purchase like this?')?.topics).toEqual(['decision']);
    expect(shape('When do you need it live?')?.topics).toEqual(['needs']);
    expect(shape('How are you today?')?.topics).toEqual([]);
    expect(shape('Shall we look at your budget next week?')).toMatchObject({ proposal: true });
    expect(shape('Do you want me to send our pricing?')).toMatchObject({ proposal: true });
    expect(shape('What does your budget look like?')).toMatchObject({ proposal: false });
  });
});

describe('objections with wink-nlp negation', () => {
  it.each([
    ["Honestly it's not a priority this quarter.", 'timing'],
    ["We can't afford it right now.", 'price'],
    ["I'm not sure we need another tool.", 'need'],
    ['It looks too expensive for us.', 'price'],
    ['We already use HubSpot for that.', 'competitor'],
    ['I need to run it by our CFO first.', 'authority'],
    ["I don't think we're ready before Q3.", 'timing'],
  ])('%s → %s', (text, category) => {
    expect(objectionIn(readSentences(text)[0]!)?.category).toBe(category);
  });

  it('lets plain statements and polite negatives pass', () => {
    for (const text of ['No problem at all, Tuesday works.', 'We have budget approved for this.', 'It is not hard to set up.']) {
      expect(objectionIn(readSentences(text)[0]!)).toBeNull();
    }
  });
});

describe('next steps', () => {
  it('needs a commitment and a time or date', () => {
    expect(steps("I'll send the proposal by Friday.")).toEqual(['by Friday']);
    expect(steps("Let's schedule a demo next Tuesday.")).toEqual(['next Tuesday']);
    expect(steps("We're going to review it within two weeks.")).toEqual(['within two weeks']);
    expect(steps('I can get you the contract by the 15th.')).toEqual(['the 15th']);
    expect(steps("I'll send the proposal.")).toEqual([]);
    expect(steps("I won't be able to send it by Friday.")).toEqual([]);
    expect(steps('We sent it last Friday.')).toEqual([]);
    expect(steps("Today I'll walk you through the platform.")).toEqual([]);
    expect(steps("I'll be honest, next week is busy.")).toEqual([]);
  });
});
