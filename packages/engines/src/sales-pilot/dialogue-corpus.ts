/**
 * Eleven short sales calls written for the sales pilot's tests, each with what a reader finds in it: the buyer's
 * objections in order (category, and whether the seller answered), topics the report must name, and the next steps.
 * They cover the objections people raise most often: someone else signs off, a competitor is already in place or
 * being evaluated, the timing is wrong, and price and need.
 */
export type Dialogue = {
  name: string;
  text: string;
  objections: [category: 'price' | 'timing' | 'competitor' | 'authority' | 'need', handled: boolean][];
  /** Terms the key topics must include. */
  topics: string[];
  /** Due phrases of the next steps, in order. */
  nextSteps: string[];
};

export const dialogues: Dialogue[] = [
  {
    name: 'authority: the CFO signs off',
    text: `Nina: Hi Tom, this is Nina from Ledgerly. Thanks for taking the time today.
Tom: Sure. We close the books every month in a spreadsheet and reconciliation takes days.
Nina: What does reconciliation look like for your team right now?
Tom: Two accountants match bank lines to invoices by hand. Honestly I like the reconciliation demo, but our CFO signs off on anything over five thousand.
Nina: That makes sense. Would it help if I joined a short call with your CFO to cover the reconciliation savings?
Tom: Yes, that would help.
Nina: Great, I will send a one page summary for the CFO by Friday.`,
    objections: [['authority', true]],
    topics: ['reconciliation', 'cfo'],
    nextSteps: ['by Friday'],
  },
  {
    name: 'authority: someone else makes the call',
    text: `Omar: Hello Grace, Omar here from Shiftwise. How are you today?
Grace: Good thanks. Our clinic still builds the nurse rota on a whiteboard.
Omar: How many hours a week go into the rota?
Grace: About six hours. But I should say, I don't make the final call on software, someone else decides that.
Omar: Who else should be part of that conversation?
Grace: Our practice manager, Helen.
Omar: Let's book a rota walkthrough with Helen next Wednesday.`,
    objections: [['authority', true]],
    topics: ['rota'],
    nextSteps: ['next Wednesday'],
  },
  {
    name: 'competitor: already evaluating another vendor',
    text: `Lena: Hi Raj, this is Lena from Routefox. Thanks for joining.
Raj: Hi. We run forty delivery vans and route planning is a mess.
Lena: What happens today when a driver calls in sick?
Raj: The dispatcher redoes the route planning by hand. To be open with you, we're also talking to Onfleet and they quoted us less per van.
Lena: I understand. Many customers compared us with Onfleet and chose us for live rerouting. What matters most to you in the rerouting?
Raj: Mostly the dispatcher's time.
Lena: I'll send a side by side comparison by Thursday.`,
    objections: [['competitor', true]],
    topics: ['route planning', 'dispatcher', 'onfleet'],
    nextSteps: ['by Thursday'],
  },
  {
    name: 'competitor: locked into a contract',
    text: `Marek: Good morning Anna, Marek from Helpdeck here. Thanks for the time.
Anna: Morning. Our support team answers tickets from three inboxes.
Marek: How do you track ticket response times today?
Anna: We don't really. And we're locked into a contract with Zendesk until next spring.
Marek: That's fair. Many teams start with a pilot on one inbox before the contract renews. Would a pilot on the billing inbox be useful?
Anna: It could be.
Marek: I'll set up the pilot inbox on Monday.`,
    objections: [['competitor', true]],
    topics: ['ticket', 'inbox', 'pilot'],
    nextSteps: ['on Monday'],
  },
  {
    name: 'timing: revisit next quarter',
    text: `Ivy: Hi Ben, it's Ivy from Clearcast. Thanks for making the time.
Ben: Sure. Our forecasting lives in a dozen spreadsheets.
Ivy: What goes wrong with forecasting in spreadsheets?
Ben: Versions drift and nobody trusts the numbers. But it's not the right time, we're in the middle of a reorg.
Ivy: Understood, that's fair. Shall we pick this up after the reorg?
Ben: Yes, please.
Ivy: I'll check in on April 1 with a forecasting template.`,
    objections: [['timing', true]],
    topics: ['forecasting', 'spreadsheet', 'reorg'],
    nextSteps: ['on April 1'],
  },
  {
    name: 'timing: next budget cycle, unanswered',
    text: `Paul: Hello Mia, Paul from Trainly here. Thanks for taking the call.
Mia: Hi Paul. We onboard twenty new hires a month and training is all slides.
Paul: Let me show you how training works in our course builder.
Mia: It looks nice, but we can't look at this until the next budget cycle.
Paul: Okay.
Mia: Fine.`,
    objections: [['timing', false]],
    topics: ['training'],
    nextSteps: [],
  },
  {
    name: 'price, answered with ROI',
    text: `Sara: Hi Leo, this is Sara from Stockpilot. Thanks for joining today.
Leo: Hi. We lose sales when the warehouse runs out of stock.
Sara: How often does the warehouse run out of your best sellers?
Leo: Twice a month at least. But your quote is too expensive for a shop our size.
Sara: I hear you. Most shops your size recover the cost in two months from fewer stockouts. What does one stockout cost you?
Leo: Maybe two thousand in sales.
Sara: I will send a payback calculation by Tuesday.`,
    objections: [['price', true]],
    topics: ['warehouse', 'stockout'],
    nextSteps: ['by Tuesday'],
  },
  {
    name: 'need: works fine today, unanswered',
    text: `Dan: Hi Eva, Dan from Signbox here. Thanks for the time.
Eva: Hello. We send contracts as PDF attachments.
Dan: Our platform handles e-signatures and contract templates.
Eva: Honestly our PDF process works fine for us.
Dan: Okay, no problem.`,
    objections: [['need', false]],
    topics: ['contract'],
    nextSteps: [],
  },
  {
    name: 'three objections in one call: competitor, authority, timing',
    text: `Kai: Hi Rosa, this is Kai from Pipewell. Thanks for joining.
Rosa: Hi Kai. Our sales team logs deals in Pipedrive.
Kai: What is missing in how you track deals today?
Rosa: Forecast accuracy. We already use Pipedrive and the team is used to it.
Kai: That makes sense. Many teams keep Pipedrive and add our forecast layer on top. Who else would weigh in on adding it?
Rosa: Our VP of sales has to approve any new tool.
Kai: Would it help to show the forecast layer to your VP?
Rosa: Maybe, but not right now, we're closing the quarter.
Kai: Understood. Let's schedule the VP demo for next Monday.`,
    objections: [
      ['competitor', true],
      ['authority', true],
      ['timing', true],
    ],
    topics: ['pipedrive', 'forecast layer'],
    nextSteps: ['next Monday'],
  },
  {
    name: 'no objections, filler words left out of topics',
    text: `Jo: Hi Sam, Jo from Mealprep here. Thanks for the time.
Sam: Hi. We cook lunches for six offices and send menus per email.
Jo: How do the offices order their lunches today?
Sam: Per email, and someone types each order into a sheet. We send confirmations per email too.
Jo: So the ordering portal would replace the emails. What would a good ordering week look like for you?
Sam: Every office orders by Wednesday and the kitchen sees the totals.
Jo: Great. I will send the ordering portal invite by Thursday.`,
    objections: [],
    topics: ['office', 'ordering portal', 'lunch'],
    nextSteps: ['by Thursday'],
  },
  {
    name: 'authority through buy-in, then price',
    text: `Ali: Hello Chen, this is Ali from Fleetcare. Thanks for joining today.
Chen: Hi Ali. Our maintenance schedules for the trucks are on paper.
Ali: What happens when a truck misses a service?
Chen: It breaks down on a route and we pay for towing. I'd need buy-in from our operations director before anything changes.
Ali: That's fair. What would your operations director want to see?
Chen: The numbers. And the monthly fee is more than we budgeted.
Ali: I understand. We offer an annual plan with two months free, which usually covers one towing bill.
Chen: Okay.
Ali: I'll send the annual plan and a towing savings estimate by Friday.`,
    objections: [
      ['authority', true],
      ['price', true],
    ],
    topics: ['truck', 'towing', 'operations director'],
    nextSteps: ['by Friday'],
  },
];

/** Words that are never key topics, whatever a call says. */
export const fillerWords = ['per', 'send', 'sent', 'every', 'thanks', 'today', 'time', 'call', 'okay', 'hi'];
