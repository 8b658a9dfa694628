// The contact form's limits and confirmation without its schemas (and zod), for the page that shows them.

export const contactLimits = { nameMax: 120, subjectMax: 200, messageMax: 5000, replyMax: 10_000, reasonMax: 300, grantMax: 1000 } as const;

export const CONTACT_SENT_MESSAGE = 'Thanks! Your message was sent; we usually answer within one working day.';
