import { useEffect } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useMarkSupportRead, useSendSupportMessage, useSupportConversation } from '../api/support-conversations.ts';
import { SupportConversationView } from '../components/support-conversation.tsx';

/** /dashboard/support: the user's conversation with the support team; answers arrive here and by e-mail. */
export function SupportPage() {
  const conversation = useSupportConversation();
  const send = useSendSupportMessage();
  const markRead = useMarkSupportRead();
  const unread = conversation.data?.unread ?? 0;
  const { mutate: markAsRead, isPending: marking } = markRead;

  useEffect(() => {
    if (unread > 0 && !marking) markAsRead();
  }, [unread, marking, markAsRead]);

  return (
    <>
      <PageHeader
        title="Support"
        description="Write to the Lumen Studio team. Answers appear here and in your e-mail, usually within one working day."
      />
      <Card>
        <QueryState query={conversation} loadingLabel="Loading your conversation" errorMessage="Could not load your conversation.">
          {(data) => (
            <SupportConversationView
              viewer="user"
              messages={data.messages}
              sending={send.isPending}
              onSend={(body) => send.mutateAsync(body)}
              emptyText="No messages yet. Tell us what you need: a job that failed, a payment, a question about the API."
            />
          )}
        </QueryState>
      </Card>
      <p className="mt-4 text-sm text-slate-600">
        Writing for someone without an account? They can use the{' '}
        <Link to="/contact" className="font-medium text-brand-700 hover:underline">
          contact form
        </Link>
        .
      </p>
    </>
  );
}
