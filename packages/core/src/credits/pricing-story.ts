/**
 * How credits are bought, worded once so that every page, dialog, e-mail and FAQ tells the same story
 * (docs/decisions/024-plans-and-packages.md): one balance, filled by one-time packages or by an optional
 * monthly plan; credits never expire either way.
 */
export const pricingStory = {
  /** The whole model in two sentences: pricing page, home page, FAQ. */
  summary:
    'Buy a one-time credit package when you need more, or take a monthly plan for fresh credits every month. Both fill one balance, and credits never expire.',
  /** One line for footers and meta descriptions. */
  tagline: 'six tools, one credit balance, no subscription required',
  neverExpire: 'Credits never expire, whether they come from a package or a plan.',
  plans: 'Monthly plans add their credits every month, on top of any packages you buy. Cancel anytime.',
  packages: 'One-time packages: pay once, no renewal.',
} as const;

/**
 * Phrases that contradict the story (plans are sold, so "no subscription" alone is false; plan credits are not
 * one-time purchases). A test searches the web source, the FAQ posts and the e-mails for them.
 */
export const contradictingPricingPhrases: readonly RegExp[] = [
  /\bno subscriptions?\b(?! required| plans)/i,
  /\bno subscription to cancel\b/i,
  /\bcredits are one-time purchases\b/i,
  /\bone-time credits\b/i,
];
