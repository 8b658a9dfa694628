import type { ObjectionCategory } from '@lumen/core/services/sales-report';

/** Phrases that signal a buyer objection, by category (matched on lower-case sentences). */
export const objectionCues: Record<ObjectionCategory, readonly RegExp[]> = {
  price: [
    /\btoo (?:expensive|pricey|costly|much)\b/, /\b(?:price|pricing|cost|quote)\b.{0,30}\b(?:high|steep|higher|more than|out of)\b/,
    /\b(?:budget|budgets)\b/, /\bcan't afford\b/, /\bcannot afford\b/, /\bcheaper\b/, /\bdiscount\b/, /\bover (?:our|my) budget\b/,
    /\b(?:that's|it's|is) a lot of money\b/, /\bexpensive\b/,
  ],
  timing: [
    /\bnot (?:the )?right time\b/, /\bnot (?:a )?priority\b/, /\b(?:next|later this) (?:quarter|year|month)\b/, /\btoo busy\b/,
    /\bcircle back (?:in|next|later)\b/, /\bmaybe later\b/, /\bnot now\b/, /\bbad timing\b/, /\bno rush\b/, /\bon hold\b/,
  ],
  competitor: [
    /\b(?:already|currently) (?:use|using|have|work with|signed)\b/, /\bcompetitor\b/, /\b(?:other|another) (?:vendor|provider|tool|solution)\b/,
    /\bswitch(?:ing)? from\b/, /\bcompare[sd]? (?:you|it) (?:to|with)\b/, /\bhappy with (?:our|what we)\b/, /\bin-house\b/,
  ],
  authority: [
    /\b(?:my|our) (?:boss|manager|cfo|ceo|vp|director|team lead|board|procurement|legal)\b/, /\bneed (?:to )?(?:check|run it by|talk to|ask|get approval|sign-off|sign off)\b/,
    /\bnot my (?:call|decision)\b/, /\bdecision maker\b/, /\bsign[- ]off\b/, /\bapproval\b/,
  ],
  need: [
    /\bdon't (?:really )?(?:need|see the need)\b/, /\bnot sure (?:we|i) need\b/, /\bnot (?:a|the) (?:problem|issue|pain)\b/, /\bworks fine\b/,
    /\bnot convinced\b/, /\bwhat's the (?:benefit|value|point)\b/, /\bnot interested\b/, /\bdon't see (?:the|how)\b/,
  ],
};

/** The seller acknowledging or answering a concern. */
export const handlingCues: readonly RegExp[] = [
  /\bi (?:understand|hear you|get it|get that|see)\b/, /\bthat's (?:fair|a fair point|understandable|a great question)\b/,
  /\bmakes sense\b/, /\b(?:roi|return on investment|pays for itself|payback|save[sd]?|savings)\b/, /\bcompared to\b/,
  /\b(?:discount|pilot|trial|flexible|payment plan|annual plan|tier)\b/, /\bwhat if\b/, /\bwould it help\b/, /\bhappy to\b/,
  /\bmany (?:of our )?customers\b/, /\bgood question\b/,
];

/** Phrases of commitment to a next step. */
export const nextStepCues: readonly RegExp[] = [
  /\bi(?:'ll| will) (?:send|share|email|e-mail|forward|follow up|get back|set up|put together|loop in|schedule|book|draft|prepare|circle back)\b/,
  /\bwe(?:'ll| will) (?:send|share|follow up|get back|set up|schedule|book|review|circle back)\b/,
  /\blet's (?:schedule|set up|book|plan|meet|reconnect|follow up|regroup|put|get)\b/, /\bfollow[- ]up\b/, /\bnext steps?\b/,
  /\bcalendar invite\b/, /\bsend (?:you|over) (?:the|a)\b/, /\bbook (?:a|the) (?:call|meeting|demo)\b/, /\bcircle back\b/,
];

/** Time phrases that make a next step concrete. */
export const duePattern =
  /\b(?:(?:by|on|next|this|until|before)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|end of (?:the )?(?:day|week|month|quarter)|next week|this week|next month|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|in (?:a|two|three|\d+) (?:days?|weeks?))\b/;

/** Words a seller uses about the offer (used to tell the seller from the buyer). */
export const sellerCues: readonly RegExp[] = [
  /\bour (?:platform|product|solution|tool|team|customers|pricing|plans?)\b/, /\bwe offer\b/, /\blet me show\b/, /\bdemo\b/,
  /\bi(?:'ll| will) send\b/, /\bour (?:starter|pro|enterprise|annual)\b/, /\bthanks for (?:taking|joining|your time)\b/,
  /\bwhat (?:are|is) your\b/, /\bhow (?:do|does|are) (?:you|your)\b/, /\btell me (?:about|more)\b/,
];

/** Sentiment lexicon: word → score -3..3 (own list for sales conversations). */
export const sentimentWords: Readonly<Record<string, number>> = {
  great: 3, excellent: 3, amazing: 3, love: 3, fantastic: 3, perfect: 3, awesome: 3, excited: 3, impressive: 3,
  good: 2, nice: 2, helpful: 2, happy: 2, glad: 2, like: 1, useful: 2, easy: 2, clear: 1, interested: 2, interesting: 2,
  value: 1, valuable: 2, fast: 1, simple: 1, works: 1, agree: 1, exactly: 1, absolutely: 2, definitely: 1, thanks: 1,
  thank: 1, appreciate: 2, sure: 1, fair: 1, better: 2, best: 2, improve: 1, improved: 2, solved: 2, saves: 2, save: 1,
  worry: -2, worried: -2, concern: -1, concerned: -2, concerns: -1, problem: -2, problems: -2, issue: -1, issues: -1,
  expensive: -2, difficult: -2, hard: -1, slow: -2, frustrated: -3, frustrating: -3, annoying: -2, bad: -2, worse: -2,
  worst: -3, hate: -3, unfortunately: -2, risk: -1, risky: -2, confusing: -2, complicated: -2, broken: -3, fail: -2,
  failed: -2, failing: -2, lost: -2, lose: -2, pain: -2, painful: -2, doubt: -1, skeptical: -2, unclear: -1, no: -1,
  not: 0, cancel: -2, churn: -2, late: -1, delay: -1, delays: -1, manual: -1, tedious: -2, mess: -2, messy: -2,
};

export const negators: ReadonlySet<string> = new Set(['not', "don't", "doesn't", "isn't", "wasn't", 'never', 'no', "can't", "won't", 'hardly']);
