import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@lumen/core/content/contact';
import { apiClient } from '@/lib/api-client.ts';

/** POST /contact {name, email, subject, message} */
export function sendContactMessage(body: ContactBody): Promise<{ id: string }> {
  return apiClient.post<{ id: string }>('/contact', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
