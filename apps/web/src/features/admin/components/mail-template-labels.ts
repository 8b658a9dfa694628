import type { MailStatus, MailTemplate } from '@lumen/core/admin/mail-outbox';

export const mailTemplateLabels: Record<MailTemplate, string> = {
  email_verification: 'E-mail verification code',
  password_reset: 'Password reset code',
  password_changed: 'Password changed',
  provider_linked: 'Sign-in method linked',
};

export const mailStatusLabels: Record<MailStatus, { label: string; tone: 'neutral' | 'success' | 'danger' }> = {
  stored: { label: 'Stored', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};
