import type { RenderedMail } from '../mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

function shell(title: string, inner: string, unsubscribeUrl: string): string {
  return (
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;background:#f6f6f8;padding:24px">' +
    '<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;line-height:1.6">' +
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>${inner}` +
    '<hr style="border:none;border-top:1px solid #eee;margin:24px 0">' +
    `<p style="margin:0;color:#666;font-size:12px">You receive this because you subscribed to the Lumen Studio newsletter. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#666">Unsubscribe</a></p>` +
    '</div></body></html>'
  );
}

export function confirmationMail(input: { confirmUrl: string; unsubscribeUrl: string }): RenderedMail {
  return {
    template: 'newsletter_confirmation',
    subject: 'Confirm your Lumen Studio newsletter subscription',
    text:
      `Please confirm that you want the Lumen Studio newsletter (about once a month: new tools, guides and prompt ideas):\n\n${input.confirmUrl}\n\n` +
      `If you did not ask for it, ignore this e-mail and you will not hear from us.\n\nUnsubscribe: ${input.unsubscribeUrl}\n`,
    html: shell(
      'Confirm your subscription',
      '<p style="margin:0 0 16px">Please confirm that you want the Lumen Studio newsletter: about once a month, new tools, guides and prompt ideas.</p>' +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(input.confirmUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Confirm subscription</a></p>` +
        '<p style="margin:0 0 16px;color:#555">If you did not ask for it, ignore this e-mail and you will not hear from us.</p>',
      input.unsubscribeUrl,
    ),
  };
}

/** A campaign: its sanitised HTML, the markdown as the text part, and the subscriber's own unsubscribe link. */
export function campaignMail(input: {
  subject: string;
  markdown: string;
  html: string;
  unsubscribeUrl: string;
  isTest?: boolean;
}): RenderedMail {
  const subject = input.isTest ? `[Test] ${input.subject}` : input.subject;
  return {
    template: 'newsletter_campaign',
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
    subject,
    text: `${input.markdown}\n\n—\nUnsubscribe: ${input.unsubscribeUrl}\n`,
    html: shell(input.subject, input.html, input.unsubscribeUrl),
  };
}
