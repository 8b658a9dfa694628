/** Sample calls for tests and the bench (invented; any resemblance is coincidental). */

const cues: [string, string, string][] = [
  ['Alex', '00:00:00.000', 'Hi Jordan, thanks for taking the time today. How are things going at Brightline?'],
  ['Jordan', '00:00:06.000', 'Pretty good, thanks. Busy quarter, we just opened two new warehouses.'],
  ['Alex', '00:00:12.000', 'Congratulations. What does your inventory reporting look like across the warehouses today?'],
  [
    'Jordan',
    '00:00:19.000',
    'Honestly it is a mess. We export spreadsheets every night and the numbers are always a day late. My team spends hours on manual reconciliation.',
  ],
  ['Alex', '00:00:34.000', 'That sounds painful. How much time would you say the team loses each week on that?'],
  ['Jordan', '00:00:40.000', 'Probably fifteen hours a week across three people. And mistakes in the stock counts cost us real money.'],
  ['Alex', '00:00:50.000', 'Why is the overnight export the way it is done now?'],
  ['Jordan', '00:00:55.000', 'Our warehouse system has no live integration, so the spreadsheets were the quick fix.'],
  [
    'Alex',
    '00:01:03.000',
    'Our platform connects to the warehouse system directly and updates inventory dashboards every five minutes. Many of our customers cut reconciliation time by eighty percent.',
  ],
  [
    'Jordan',
    '00:01:16.000',
    'That is interesting. But honestly the price looked too expensive when I checked your website. We have a tight budget this year.',
  ],
  [
    'Alex',
    '00:01:25.000',
    'I understand, budget matters. Compared to fifteen hours a week of manual work, most teams see the platform pay for itself within three months, and we offer an annual plan with a discount.',
  ],
  ['Jordan', '00:01:40.000', 'Okay, that helps. Do you integrate with Shopify as well?'],
  [
    'Alex',
    '00:01:45.000',
    'Yes, the Shopify integration is built in. Would real-time inventory dashboards for each warehouse solve the reporting problem?',
  ],
  ['Jordan', '00:01:53.000', 'I think so. I would need to run it by our CFO before we sign anything though.'],
  [
    'Alex',
    '00:02:00.000',
    "That makes sense. I will send you a short ROI summary for your CFO by Thursday. Let's schedule a demo with both of you next week.",
  ],
  ['Jordan', '00:02:10.000', 'Great, that works for me. Thanks Alex, this was really helpful.'],
];

function vttTime(value: string, plusSeconds: number): string {
  const [h, m, s] = value.split(':').map(Number) as [number, number, number];
  const total = h * 3600 + m * 60 + s + plusSeconds;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${pad(total / 3600)}:${pad((total % 3600) / 60)}:${pad(total % 60)}.000`;
}

/** A 2-minute discovery call: Alex (seller) and Jordan (buyer), with <v> voice tags. */
export const sampleVtt = `WEBVTT

${cues
  .map(([speaker, start, text], i) => {
    const next = cues[i + 1]?.[1];
    const end = next ?? vttTime(start, 4);
    return `${i + 1}\n${start} --> ${end}\n<v ${speaker}>${text}</v>`;
  })
  .join('\n\n')}
`;

/** The same call as SubRip with 'Name:' prefixes. */
export const sampleSrt = cues
  .map(([speaker, start, text], i) => {
    const next = cues[i + 1]?.[1] ?? vttTime(start, 4);
    return `${i + 1}\n${start.replace('.', ',')} --> ${next.replace('.', ',')}\n${speaker}: ${text}`;
  })
  .join('\n\n');

/** Notes pasted as plain 'Name: line' turns, without timestamps. */
export const samplePlainText = `Sam: Hi Taylor, thanks for joining. What are you hoping to get out of today?
Taylor: We want to understand whether your scheduling tool could replace our shared calendar.
Sam: Got it. How do you schedule field technicians right now?
Taylor: Mostly by phone and a shared calendar. It breaks down when jobs run late.
Sam: What happens when a job runs late?
Taylor: Customers wait and we lose bookings. That is the real pain.
Sam: Our scheduling tool reschedules the day automatically and texts customers.
Taylor: We already use a competitor for dispatch, so switching would be hard.
Sam: That's fair. Many customers run us alongside dispatch at first, and the import takes a day.
Taylor: Okay. Send me the pricing and I'll look at it.
Sam: I'll send the pricing and a case study tomorrow, and let's follow up on Friday.`;

/** A long call (about 30 minutes of talk) built by repeating the sample with shifted times. */
export function longVtt(repeats = 14): string {
  const blocks: string[] = ['WEBVTT', ''];
  let index = 1;
  for (let r = 0; r < repeats; r += 1) {
    cues.forEach(([speaker, start, text], i) => {
      const offset = r * 135;
      const next = cues[i + 1]?.[1];
      blocks.push(
        `${index}\n${vttTime(start, offset)} --> ${next ? vttTime(next, offset) : vttTime(start, offset + 5)}\n<v ${speaker}>${text}</v>\n`,
      );
      index += 1;
    });
  }
  return blocks.join('\n');
}
