import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SupportConversationSummary } from '@lumen/core/content/support';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDateTime } from '@/lib/format.ts';
import { ContactMessagesTab } from './contact-messages-tab.tsx';
import {
  useAdminSupportConversation,
  useAdminSupportConversations,
  useAnswerSupport,
  useMarkSupportReadByAdmin,
} from '../api/support-conversations.ts';
import { SupportConversationView } from '../components/support-conversation.tsx';

function ConversationPanel({ userId }: { userId: string }) {
  const conversation = useAdminSupportConversation(userId);
  const answer = useAnswerSupport(userId);
  const { mutate: markRead, isPending: marking } = useMarkSupportReadByAdmin(userId);
  const unread = conversation.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0 && !marking) markRead();
  }, [unread, marking, markRead]);

  return (
    <QueryState query={conversation} loadingLabel="Loading the conversation" errorMessage="Could not load the conversation.">
      {(data) => (
        <section aria-label={`Conversation with ${data.user.name}`} className="space-y-4">
          <header>
            <h2 className="font-semibold break-words text-slate-900">{data.user.name}</h2>
            <p className="text-sm break-all text-slate-600">
              {data.user.email} ·{' '}
              <Link to={`/admin/users/${data.user.id}`} className="font-medium text-brand-700 hover:underline">
                Account
              </Link>
            </p>
          </header>
          <SupportConversationView
            viewer="admin"
            userName={data.user.name}
            messages={data.messages}
            sending={answer.isPending}
            onSend={(body) => answer.mutateAsync(body)}
            emptyText="This user has not written yet. An answer you send starts the conversation and is e-mailed to them."
          />
        </section>
      )}
    </QueryState>
  );
}

function ConversationRow({ item, selected, onSelect }: { item: SupportConversationSummary; selected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'w-full rounded-xl border px-3 py-2.5 text-left text-sm transition-colors',
          selected ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
        )}
      >
        <span className="flex items-center justify-between gap-2">
          <span className="truncate font-semibold text-slate-900">{item.user.name}</span>
          {item.unread > 0 && (
            <Badge tone="brand" aria-label={`${item.unread} unread`}>
              {item.unread}
            </Badge>
          )}
        </span>
        <span className="block truncate text-xs text-slate-600">{item.user.email}</span>
        <span className="mt-1 line-clamp-2 block text-slate-700">
          {item.lastMessage.author === 'support' ? 'You: ' : ''}
          {item.lastMessage.preview}
        </span>
        <span className="mt-1 block text-xs text-slate-600">{formatDateTime(item.lastMessage.createdAt)}</span>
      </button>
    </li>
  );
}

function ConversationsTab() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const [page, setPage] = useState(1);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const list = useAdminSupportConversations({ page, limit: 20, unread: onlyUnread ? 'true' : undefined });
  const select = (userId: string) => setParams({ tab: 'chats', conversation: userId }, { replace: true });

  return (
    <div className="grid gap-4 lg:grid-cols-[320px_minmax(0,1fr)]">
      <div className="space-y-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={onlyUnread}
            onChange={(event) => {
              setOnlyUnread(event.target.checked);
              setPage(1);
            }}
          />
          Only unread
        </label>
        <QueryState
          query={list}
          loadingLabel="Loading conversations"
          errorMessage="Could not load the conversations."
          isEmpty={(data) => data.items.length === 0}
          emptyTitle={onlyUnread ? 'Nothing unread' : 'No conversations yet'}
          emptyText="Users write from Support in their dashboard."
        >
          {(data) => (
            <>
              <ul aria-label="Conversations" className="space-y-2">
                {data.items.map((item) => (
                  <ConversationRow
                    key={item.user.id}
                    item={item}
                    selected={item.user.id === selected}
                    onSelect={() => select(item.user.id)}
                  />
                ))}
              </ul>
              <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Conversations pages" />
            </>
          )}
        </QueryState>
      </div>
      <Card>
        {selected ? (
          <ConversationPanel key={selected} userId={selected} />
        ) : (
          <p className="text-sm text-slate-600">Choose a conversation to read and answer it.</p>
        )}
      </Card>
    </div>
  );
}

const tabs = [
  { key: 'chats', label: 'Support chats' },
  { key: 'messages', label: 'Contact messages' },
] as const;

/** /admin/support: the users' support chats and, beside them, the messages sent from the contact page. */
export function AdminSupportPage() {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab') === 'messages' ? 'messages' : 'chats';
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Support"
        description="Answer users in their support chat (they see it in the dashboard and by e-mail), and the messages sent from the contact page."
      />
      <div role="tablist" aria-label="Support sections" className="mb-6 flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={current === tab.key}
            aria-controls={`panel-${tab.key}`}
            onClick={() => setParams(tab.key === 'chats' ? {} : { tab: tab.key }, { replace: true })}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              current === tab.key ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
        {current === 'chats' ? <ConversationsTab /> : <ContactMessagesTab />}
      </div>
    </>
  );
}
