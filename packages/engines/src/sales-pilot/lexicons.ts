import type { ObjectionCategory } from '@lumen/core/services/sales-report';

/**
 * Phrases of a buyer objection, by category, matched on the lower-case sentence. Negated wording ('not a priority',
 * "can't afford", 'not sure we need') is found through wink-nlp's negation flags instead (see negatedObjectionLemmas).
 */
export const objectionCues: Record<ObjectionCategory, readonly RegExp[]> = {
  price: [
    /\btoo (?:expensive|pricey|costly|much)\b/,
    /\b(?:price|pricing|cost|quote|fee)s?\b.{0,30}\b(?:high|steep|higher|more than|out of|a lot)\b/,
    /\b(?:over|above|outside|out of) (?:our|my|the) (?:budget|price range)\b/,
    /\bbudget(?:'s| is| was)? (?:tight|limited|frozen|cut|gone|spent|small)\b/,
    /\btight budget\b/,
    /\bmore than (?:we|i) (?:pay|spend|budgeted)\b/,
    /\bcheaper\b/,
    /\bdiscount\b/,
    /\b(?:that's|it's|is) a lot of money\b/,
    /\bexpensive\b/,
    /\bpricey\b/,
  ],
  timing: [
    /\b(?:next|later this) (?:quarter|year|month)\b/,
    /\btoo busy\b/,
    /\bcircle back (?:in|next|later)\b/,
    /\bmaybe later\b/,
    /\bbad timing\b/,
    /\bon hold\b/,
    /\b(?:hiring|budget|spending) freeze\b/,
    /\bwait (?:until|till|for)\b/,
    /\bnot (?:the right|a good|a great|the best) (?:time|moment)\b/,
    /\bnot (?:right )?now\b/,
    /\btoo (?:early|soon)\b/,
    /\b(?:revisit|reconnect|come back to|get back to|pick (?:this|it) (?:up|back up)|check back|touch base|talk again)\b.{0,30}\b(?:in|after|next|once|when)\b/,
    /\b(?:next|new) (?:budget cycle|fiscal year|financial year)\b/,
    /\bafter (?:the holidays|our (?:migration|reorg|restructure|launch|audit|merger)|the (?:migration|reorg|merger|launch|audit|summer|new year))\b/,
    /\bin the middle of (?:a|an|our|the)\b/,
    /\b(?:in|for) (?:a few|two|three|six|a couple of) months\b/,
    /\b(?:q[1-4]|h[12]) (?:at the earliest|is more realistic)\b/,
  ],
  competitor: [
    /\b(?:already|currently) (?:use|using|have|work with|working with|signed|pay for|paying for)\b/,
    /\bcompetitors?\b/,
    /\b(?:other|another) (?:vendor|provider|solution)s?\b/,
    /\b(?:looking at|talking to|evaluating|using) (?:other|another) (?:tools?|options?)\b/,
    /\bswitch(?:ing)? from\b/,
    /\bcompared? (?:you|it|this) (?:to|with)\b/,
    /\bhappy with (?:our|what we|the current|the one)\b/,
    /\bin-house\b/,
    /\bbuild (?:it|this|our own) (?:ourselves|internally|in house)\b/,
    /\b(?:also|already) (?:talking to|speaking (?:to|with)|looking at|evaluating|demoing|trialling|trialing|piloting|in talks with)\b/,
    /\b(?:talking to|looking at|evaluating|demoing|trialling|trialing) (?:a few|a couple of|two|three|several) (?:other )?(?:vendors|providers|tools|options|companies|platforms)\b/,
    /\b(?:other|another) (?:suppliers?|agenc(?:y|ies)|compan(?:y|ies))\b/,
    /\b(?:quoted|offered|offering|quoting) us\b/,
    /\b(?:versus|vs)\b/,
    /\balternatives?\b/,
    /\b(?:locked|tied) in(?:to)? (?:a|our|the) (?:contract|deal)\b/,
    /\bcontract (?:with|runs|renews)\b/,
  ],
  authority: [
    /\b(?:need|have|got) to (?:check|run (?:it|this) (?:by|past)|talk to|ask|get (?:approval|sign-?off)|loop in|involve)\b/,
    /\bnot (?:my|our) (?:call|decision)\b/,
    /\brun (?:it|this) (?:by|past)\b/,
    /\b(?:approval|sign[- ]off) from\b/,
    /\bdecision maker\b/,
    // Someone else signs off: 'my boss signs off', 'the CFO has to approve', 'someone else makes that call'.
    /\b(?:someone|somebody) else\b.{0,30}\b(?:signs?|decides?|approves?|call|decision|say)\b/,
    /\b(?:my|our|the) (?:boss|manager|director|head of [a-z]+|vp|cfo|ceo|cto|coo|owner|owners|founder|founders|partners?|board|committee|finance team|procurement|legal(?: team)?)\b.{0,40}\b(?:signs? off|sign-off|approves?|approval|decides?|has to (?:approve|agree|sign|see|ok)|needs? to (?:approve|agree|sign|see|ok)|final (?:say|call|word)|green light|makes? (?:the|that|those) (?:call|decision)s?)\b/,
    /\b(?:up to|depends on|decision for) (?:my|our|the) (?:boss|manager|director|vp|cfo|ceo|board|owner|founders?|partners?)\b/,
    /\b(?:don't|do not|doesn't|does not|can't|cannot) (?:make|have) (?:the |that |this )?(?:final )?(?:call|decision|say)\b/,
    /\bbuy-?in from\b/,
    /\b(?:check|confirm|clear (?:it|this)) with (?:my|our|the) (?:boss|manager|director|team|cfo|ceo|board|partners?|finance|legal)\b/,
  ],
  need: [
    /\bworks? (?:fine|well enough)\b/,
    /\bwhat's the (?:benefit|value|point)\b/,
    /\bdon't see (?:the|how|why)\b/,
    /\bnot (?:a|the) (?:problem|issue|pain) (?:for|at)\b/,
    /\btried (?:a|an|one|something)\b[^.?!]{0,60}\b(?:didn't|did not|never|nobody|no one|wasn't|failed)\b/,
  ],
};

/** Lemmas that, when wink-nlp marks them negated, voice an objection ('not a priority', 'no budget', 'not sure we need'). */
export const negatedObjectionLemmas: Partial<Record<ObjectionCategory, ReadonlySet<string>>> = {
  price: new Set(['afford', 'budget']),
  timing: new Set(['priority', 'ready', 'urgent']),
  need: new Set(['need', 'sure', 'convince', 'convinced', 'interested', 'interest', 'worth', 'benefit', 'value', 'point']),
};

/** The seller acknowledging or answering a concern. */
export const handlingCues: readonly RegExp[] = [
  /\bi (?:understand|hear you|get it|get that|see)\b/,
  /\bunderstood\b/,
  /\bthat's (?:fair|a fair point|understandable|a great question)\b/,
  /\bmakes sense\b/,
  /\b(?:roi|return on investment|pays for itself|payback|save[sd]?|savings)\b/,
  /\bcompared to\b/,
  /\b(?:discount|pilot|trial|flexible|payment plan|annual plan|tier)\b/,
  /\bwhat if\b/,
  /\bwould it help\b/,
  /\bhappy to\b/,
  /\bmany (?:of our )?customers\b/,
  /\bgood question\b/,
];

/**
 * What a discovery question is about, matched on the sentence's lemmas (so 'loses', 'losing' and 'lost' are one):
 * the buyer's needs and goals, pains, current process and tools, budget, timeline, and how they decide.
 */
export const discoveryTopics: Record<string, RegExp> = {
  needs:
    /\b(?:need|goal|want|hope|look for|priority|objective|achieve|success|succeed|outcome|requirement|require|must-have|ideal|important|expect|plan|fix|solve|save|measure|metric|kpi|prompt|trigger|motivate|make you|bring you)\b/,
  pain: /\b(?:problem|pain|painful|challenge|issue|struggle|frustrate|frustrating|frustration|difficult|hard|break|lose|loss|waste|slow|manual|mistake|error|risk|impact|happen|wrong|bottleneck|headache)\b/,
  process:
    /\b(?:process|workflow|today|currently|current|right now|at the moment|handle|manage|use|tool|system|set up|setup|look like|track|approach|spreadsheet)\b/,
  budget: /\b(?:budget|spend|cost|price|pricing|invest|investment|afford|fund|funding|money|pay|roi)\b/,
  timeline: /\b(?:timeline|deadline|go live|launch|rollout|roll out|implement|implementation|quarter|by when|urgency|urgent|soon)\b/,
  decision:
    /\b(?:decide|decision|sign off|sign-off|approve|approval|involve|involved|stakeholder|buy|purchase|procurement|evaluate|evaluation|choose|who else|boss|board|legal)\b/,
};

/** Greetings and rapport ('How are you today?', 'How are things going?'): questions, but never discovery. */
export const smallTalk =
  /^how (?:are|is|was|have|has) (?:you|things|it|life|your (?:day|week|weekend|morning|quarter))(?: (?:been|doing|going|keeping|holding|up|today|so|far|lately))*(?: (?:at|in|with|over) [a-z]+(?: [a-z]+)?)?$/;

/**
 * Question openings that offer or propose something ('shall we…', 'do you want me to…', 'would you like to see…'):
 * the seller steering, not discovering. Matched on wink-nlp's normal forms ("don't" is 'do not') after discourse markers.
 */
export const proposalOpenings =
  /^(?:(?:shall|should|can|could|may) (?:i|we)|do you want (?:me|us)|would you like (?:me|us|to see)|want me to|how about|what if|why do not we|would it help)\b/;

/** Discourse markers and fillers skipped at the start of a question ('So, okay, what…'). */
export const discourseMarkers = new Set(
  `so and but okay ok well now alright right great then also just oh um uh yeah yes sure cool perfect got it and
  actually anyway gotcha awesome hmm mm first second lastly finally quickly`.split(/\s+/),
);

/** Words that open a question that cannot be answered yes or no (wink-nlp's normal forms: "what's" is 'what is'). */
export const whWords = new Set(['what', 'how', 'why', 'where', 'when', 'who', 'whom', 'whose', 'which']);
/**
 * Invitations to elaborate ('tell me about…', 'walk me through…'; wink-nlp writes 'through' as 'thru'): open
 * questions even when they end with a full stop.
 */
export const elaborationOpenings =
  /^(?:tell (?:me|us)|(?:walk|talk|take) (?:me|us) (?:through|thru)|help (?:me|us) understand|describe|explain|paint (?:me |us )?a picture|give (?:me|us) (?:a sense|an idea|an overview))\b/;
/** Auxiliaries and modals that open a yes/no question. */
export const auxiliaries = new Set(
  `do does did is are am was were can could will would should shall have has had may might must`.split(/\s+/),
);

/** Speaker names that give the role away. */
export const sellerNames = /\b(?:rep|sales|seller|agent|ae|sdr|bdr|account (?:executive|manager)|consultant|advisor)\b/i;
export const buyerNames = /\b(?:buyer|prospect|client|customer|lead)\b/i;

/** The seller introducing themselves or the offer (used to tell the seller from the buyer). */
export const sellerCues: readonly RegExp[] = [
  /\b(?:this is|i'm|i am|it's) [a-z]+(?: [a-z]+)? (?:from|with|at|here at) [a-z]/,
  /\b[a-z]+ (?:from|with) [a-z]+ here\b|\b[a-z]+ here (?:from|with) [a-z]/,
  /\b(?:calling|reaching out) from\b/,
  /\bhere at [a-z]/,
  /\bour (?:platform|product|solution|software|app|service|offering|pricing|plans?|starter|pro|enterprise)\b/,
  /\bwe (?:offer|provide|help (?:teams|companies|businesses|clinics|firms))\b/,
  /\blet me (?:show|share|walk you|pull up)\b/,
  /\b(?:share|sharing) my screen\b/,
  /\bdemo\b/,
  /\bthanks for (?:taking|joining|making) (?:the|your)? ?time\b/,
];

/** Verbs after 'I will' that promise nothing ('I'll be honest', 'we'll see'). */
export const nonCommittalVerbs = new Set(['be', 'see', 'guess', 'bet', 'think', 'know', 'admit', 'say', 'mean', 'tell', 'try', 'wait']);
/** Verbs of the call itself ('today I'll walk you through…'): with only 'today' as the date they are agenda, not a next step. */
export const inCallVerbs = new Set([
  'show',
  'walk',
  'cover',
  'go',
  'start',
  'share',
  'talk',
  'ask',
  'give',
  'demo',
  'explain',
  'introduce',
  'run',
  'jump',
]);
/** Time words wink-nlp does not tag as dates. */
export const extraDue = /\b(?:eod|eow|cob|end of (?:the )?(?:day|week|month|quarter)|(?:this|next|over the) weekend)\b/i;
/** Past dates do not make a next step. */
export const pastDate = /\b(?:last|yesterday|ago|earlier|previous|past)\b/i;
