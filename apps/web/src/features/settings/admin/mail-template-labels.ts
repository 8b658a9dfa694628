import type { MailStatus, MailTemplate } from '@lumen/core/admin/mail-outbox';

export const mailTemplateLabels: Record<MailTemplate, string> = {
  email_verification: 'E-mail verification code',
  password_reset: 'Password reset code',
  password_changed: 'Password changed',
  provider_linked: 'Sign-in method linked',
  refund_request_decided: 'Refund request decided',
  refund_issued: 'Refund issued',
  contact_message: 'Contact message (to support)',
  contact_reply: 'Reply to a contact message',
  support_message: 'Support chat message (to support)',
  support_reply: 'Support chat answer',
  newsletter_confirmation: 'Newsletter confirmation',
  newsletter_campaign: 'Newsletter',
  provider_budget_alert: 'Provider budget alert (to admins)',
  account_deletion: 'Account deletion code',
  api_key_expiring: 'API key expiry reminder',
  low_balance: 'Low balance',
  auto_top_up: 'Automatic top-up',
  auto_top_up_failed: 'Automatic top-up failed',
};

export const mailStatusLabels: Record<MailStatus, { label: string; tone: 'neutral' | 'success' | 'danger' }> = {
  stored: { label: 'Stored', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};
