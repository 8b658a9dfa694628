export { adminMailOutboxRoutes } from './admin.routes.ts';
export {
  accountDeletionCodeMail,
  autoTopUpFailedMail,
  autoTopUpMail,
  lowBalanceMail,
  passwordChangedMail,
  passwordResetCodeMail,
  providerLinkedMail,
  refundIssuedMail,
  refundRequestDecidedMail,
  verificationCodeMail,
} from './mail-templates.ts';
export type { RefundMailFacts, RenderedMail } from './mail-templates.ts';
export { mailPlugin, mailerOf } from './mail.plugin.ts';
export { createMailer } from './mailer.ts';
export type { Mailer } from './mailer.ts';
export { mailDeliveries } from './delivery-reads.ts';
export { eraseMailTo } from './personal-data.ts';
