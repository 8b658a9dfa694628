export type MailOutboxParams = { to?: string; page: number; limit: number };

/** Query keys of the admin mail outbox. */
export const mailOutboxKeys = {
  all: ['admin', 'mail-outbox'] as const,
  lists: () => [...mailOutboxKeys.all, 'list'] as const,
  list: (params: MailOutboxParams) => [...mailOutboxKeys.lists(), params] as const,
  message: (id: string) => [...mailOutboxKeys.all, 'message', id] as const,
};
