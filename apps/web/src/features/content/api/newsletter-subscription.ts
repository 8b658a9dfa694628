import { useMutation } from '@tanstack/react-query';
import type { SubscribeBody } from '@lumen/core/content/newsletter';
import { apiClient } from '@/lib/api-client.ts';

/** POST /newsletter/subscribe {email}: sends the confirmation mail (double opt-in). */
export function subscribeToNewsletter(body: SubscribeBody): Promise<{ status: string }> {
  return apiClient.post<{ status: string }>('/newsletter/subscribe', body);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}

/** POST /newsletter/confirm or /newsletter/unsubscribe {token}: the signed link of a mail. */
export function answerNewsletterLink({
  action,
  token,
}: {
  action: 'confirm' | 'unsubscribe';
  token: string;
}): Promise<{ email: string; status: string }> {
  return apiClient.post<{ email: string; status: string }>(`/newsletter/${action}`, { token });
}

export function useAnswerNewsletterLink() {
  return useMutation({ mutationFn: answerNewsletterLink });
}
