import type { RenderedMail } from '../mail/index.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** Plain paragraphs as a simple HTML mail (every value escaped; line breaks kept). */
function html(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(text)}</p>`).join('');
  return (
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;background:#f6f6f8;padding:24px">' +
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">' +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}` +
    '<p style="margin:24px 0 0;color:#666;font-size:12px">Lumen Studio</p></div></body></html>'
  );
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').slice(0, 180);

/** To the support team: who wrote, about what, and how to answer. */
export function contactMessageMail(input: {
  name: string;
  email: string;
  subject: string;
  message: string;
  adminUrl: string;
}): RenderedMail {
  const lines = [
    `From: ${input.name} <${input.email}>`,
    `Subject: ${input.subject}`,
    input.message,
    `Answer it in the admin: ${input.adminUrl}`,
  ];
  return {
    template: 'contact_message',
    subject: `[Contact] ${oneLine(input.subject)}`,
    text: `${lines.join('\n\n')}\n`,
    html: html('New contact message', lines),
  };
}

/** The admin's answer to the person who wrote, quoting their message. */
export function contactReplyMail(input: { name: string; subject: string; message: string; reply: string }): RenderedMail {
  const quoted = input.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const lines = [`Hi ${input.name},`, input.reply, `You wrote:\n${quoted}`];
  return {
    template: 'contact_reply',
    subject: `Re: ${oneLine(input.subject)}`,
    text: `${lines.join('\n\n')}\n\n— The Lumen Studio team\n`,
    html: html(`Re: ${oneLine(input.subject)}`, [...lines, '— The Lumen Studio team']),
  };
}

/** To the support team, when a user writes in a conversation that had nothing unread (one mail per batch of messages). */
export function supportMessageMail(input: { name: string; email: string; body: string; adminUrl: string }): RenderedMail {
  const lines = [`From: ${input.name} <${input.email}>`, input.body, `Answer it in the admin: ${input.adminUrl}`];
  return {
    template: 'support_message',
    subject: `[Support chat] ${oneLine(input.name)}`,
    text: `${lines.join('\n\n')}\n`,
    html: html('New support chat message', lines),
  };
}

/** An admin's answer in the support chat, to the user, with the link to the conversation. */
export function supportReplyMail(input: { name: string; body: string; conversationUrl: string }): RenderedMail {
  const lines = [`Hi ${input.name},`, input.body, `Read and answer in your dashboard: ${input.conversationUrl}`];
  return {
    template: 'support_reply',
    subject: 'Lumen Studio support answered you',
    text: `${lines.join('\n\n')}\n\n— The Lumen Studio team\n`,
    html: html('Lumen Studio support answered you', [...lines, '— The Lumen Studio team']),
  };
}
