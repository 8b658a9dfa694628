import type { MailTemplate } from '@lumen/core/admin/mail-outbox';
import { ONE_TIME_CODE_TTL_MINUTES } from '@lumen/core/auth/one-time-code';
import { escapeHtml } from '../../lib/escape-html.ts';

export type RenderedMail = {
  template: MailTemplate;
  subject: string;
  text: string;
  html: string;
  /** Extra SMTP headers (e.g. List-Unsubscribe on newsletters); not kept in the outbox. */
  headers?: Record<string, string>;
};

function layout(title: string, paragraphs: string[], code?: string): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('');
  const codeBlock = code
    ? `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700;font-family:monospace">${escapeHtml(code)}</p>`
    : '';
  return (
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;background:#f6f6f8;padding:24px">' +
    '<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">' +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${codeBlock}${body}` +
    '<p style="margin:24px 0 0;color:#666;font-size:12px">Lumen Studio</p></div></body></html>'
  );
}

const plain = (lines: string[]) => `${lines.join('\n\n')}\n\n— Lumen Studio\n`;

type Person = { firstName: string };

export function verificationCodeMail(person: Person, code: string): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `Your Lumen Studio verification code is ${code}. It is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes.`,
    'If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    template: 'email_verification',
    subject: `Your Lumen Studio verification code: ${code}`,
    text: plain(lines),
    html: layout(
      'Verify your e-mail address',
      lines.filter((line) => !line.includes(code)).concat(`The code is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes.`),
      code,
    ),
  };
}

export function passwordResetCodeMail(person: Person, code: string): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `Your Lumen Studio password reset code is ${code}. It is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes.`,
    'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.',
  ];
  return {
    template: 'password_reset',
    subject: `Your Lumen Studio password reset code: ${code}`,
    text: plain(lines),
    html: layout(
      'Reset your password',
      lines.filter((line) => !line.includes(code)).concat(`The code is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes.`),
      code,
    ),
  };
}

export function accountDeletionCodeMail(person: Person, code: string): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `Your code to delete your Lumen Studio account is ${code}. It is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes.`,
    'Deleting the account erases your profile, results and uploads, and cannot be undone. If you did not ask for this, ignore this e-mail: nothing changes.',
  ];
  return {
    template: 'account_deletion',
    subject: `Your Lumen Studio account deletion code: ${code}`,
    text: plain(lines),
    html: layout(
      'Confirm deleting your account',
      lines.filter((line) => !line.includes(code)).concat(`The code is valid for ${ONE_TIME_CODE_TTL_MINUTES} minutes.`),
      code,
    ),
  };
}

export function passwordChangedMail(person: Person, when: Date): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `The password of your Lumen Studio account was changed on ${when.toUTCString()}, and every device was signed out.`,
    'If this was not you, reset your password now from the sign-in window ("Forgot password?") and contact support.',
  ];
  return {
    template: 'password_changed',
    subject: 'Your Lumen Studio password was changed',
    text: plain(lines),
    html: layout('Your password was changed', lines),
  };
}

export function providerLinkedMail(person: Person, providerName: string, providerEmail: string | null): RenderedMail {
  const account = providerEmail ? ` (${providerEmail})` : '';
  const lines = [
    `Hi ${person.firstName},`,
    `A ${providerName} account${account} can now be used to sign in to your Lumen Studio account.`,
    'If this was not you, remove it under Account › Profile › Sign-in methods and change your password.',
  ];
  return {
    template: 'provider_linked',
    subject: `New sign-in method linked: ${providerName}`,
    text: plain(lines),
    html: layout('New sign-in method linked', lines),
  };
}

export type RefundMailFacts = { receiptNumber: string | null; description: string; amount: string; creditsReversed: number };

const receiptOf = (facts: { receiptNumber: string | null; description: string }) =>
  facts.receiptNumber ? `${facts.description} (receipt ${facts.receiptNumber})` : facts.description;

const creditsLine = (count: number) =>
  count > 0
    ? `${count} unspent ${count === 1 ? 'credit was' : 'credits were'} removed from your balance.`
    : 'Your credit balance was not changed.';

/** An admin approved (with the refund made) or rejected a user's refund request. */
export function refundRequestDecidedMail(
  person: Person,
  decision:
    | { approved: true; refund: RefundMailFacts; note: string | null }
    | { approved: false; receiptNumber: string | null; description: string; note: string },
): RenderedMail {
  const lines = decision.approved
    ? [
        `Hi ${person.firstName},`,
        `Your refund request for ${receiptOf(decision.refund)} was approved and ${decision.refund.amount} was refunded.`,
        creditsLine(decision.refund.creditsReversed),
        ...(decision.note ? [`Note from our team: ${decision.note}`] : []),
        'Card refunds usually reach your account within 5-10 business days.',
      ]
    : [
        `Hi ${person.firstName},`,
        `Your refund request for ${receiptOf(decision)} was not approved.`,
        `Reason: ${decision.note}`,
        'If you have questions, reply to this e-mail or contact support.',
      ];
  const title = decision.approved ? 'Your refund request was approved' : 'Your refund request was declined';
  return { template: 'refund_request_decided', subject: title, text: plain(lines), html: layout(title, lines) };
}

/** Money was given back on one of the user's payments. */
export function refundIssuedMail(person: Person, refund: RefundMailFacts): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `We refunded ${refund.amount} for ${receiptOf(refund)}.`,
    creditsLine(refund.creditsReversed),
    'Card refunds usually reach your account within 5-10 business days; crypto refunds are sent to the address agreed with support.',
  ];
  return {
    template: 'refund_issued',
    subject: `Refund issued: ${refund.amount}`,
    text: plain(lines),
    html: layout('Refund issued', lines),
  };
}

const BILLING_PAGE = '/dashboard/account/billing';

/** The balance fell from above 2 credits to 2 or less (one e-mail per crossing). */
export function lowBalanceMail(person: Person, facts: { balance: number; autoTopUpOn: boolean; publicUrl: string }): RenderedMail {
  const credits = `${facts.balance} ${facts.balance === 1 ? 'credit' : 'credits'}`;
  const lines = [
    `Hi ${person.firstName},`,
    `Your Lumen Studio balance is down to ${credits}.`,
    facts.autoTopUpOn
      ? 'Automatic top-up is on: your chosen package is bought with your saved card when the balance falls below your threshold.'
      : `To keep working without a pause, buy credits or turn on automatic top-up: ${facts.publicUrl}${BILLING_PAGE}`,
    `You can turn these e-mails off on the same page.`,
  ];
  return {
    template: 'low_balance',
    subject: `Your balance is low: ${credits} left`,
    text: plain(lines),
    html: layout('Your balance is low', lines),
  };
}

export type AutoTopUpMailFacts = { packageName: string; credits: number; amount: string; card: string; receiptNumber: string | null };

/** An automatic top-up was paid with the saved card. */
export function autoTopUpMail(person: Person, facts: AutoTopUpMailFacts & { publicUrl: string }): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `Your balance fell below your threshold, so we bought ${facts.packageName} (${facts.credits} credits) for ${facts.amount} with your ${facts.card}.`,
    ...(facts.receiptNumber ? [`Receipt number: ${facts.receiptNumber}.`] : []),
    `Change or turn off automatic top-up on your billing page: ${facts.publicUrl}${BILLING_PAGE}`,
  ];
  return {
    template: 'auto_top_up',
    subject: `Automatic top-up: ${facts.credits} credits added`,
    text: plain(lines),
    html: layout('Automatic top-up', lines),
  };
}

/** An automatic top-up could not be paid: it is turned off until the user saves it again. */
export function autoTopUpFailedMail(
  person: Person,
  facts: { packageName: string; amount: string; reason: string; publicUrl: string },
): RenderedMail {
  const lines = [
    `Hi ${person.firstName},`,
    `We could not buy ${facts.packageName} (${facts.amount}) automatically: ${facts.reason}`,
    'Automatic top-up is now off, so we do not try that card again.',
    `Check your card or add another by buying credits once, then turn automatic top-up back on: ${facts.publicUrl}${BILLING_PAGE}`,
  ];
  return {
    template: 'auto_top_up_failed',
    subject: 'Automatic top-up failed and is now off',
    text: plain(lines),
    html: layout('Automatic top-up failed', lines),
  };
}
