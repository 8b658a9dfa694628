import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportConversation, SupportMessage } from '@lumen/core/content/support';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { AdminSupportPage } from '../admin/admin-support-page.tsx';
import { SupportPage } from './support-page.tsx';

const question: SupportMessage = {
  id: 'm1',
  author: 'user',
  body: 'My sound job failed,\nwere the credits refunded?',
  createdAt: '2026-11-27T10:00:00.000Z',
};
const answer: SupportMessage = {
  id: 'm2',
  author: 'support',
  body: '<b>Yes</b>: both refunds are in your ledger.',
  createdAt: '2026-11-27T10:05:00.000Z',
};

function serveUser(conversation: SupportConversation, onWrite?: (body: unknown) => ReturnType<typeof ok>) {
  let current = conversation;
  return mockFetch((url, init) => {
    if (url === '/api/v1/support/conversation' && (init.method ?? 'GET') === 'GET') return ok(current);
    if (url === '/api/v1/support/conversation/read') {
      current = { ...current, unread: 0 };
      return ok({ unread: 0 });
    }
    if (url === '/api/v1/support/conversation/messages') {
      const body = JSON.parse(String(init.body)) as { body: string };
      const answered = onWrite?.(body);
      if (answered) return answered;
      const message: SupportMessage = {
        id: `m${current.messages.length + 1}`,
        author: 'user',
        body: body.body,
        createdAt: '2026-11-27T11:00:00.000Z',
      };
      current = { ...current, messages: [...current.messages, message] };
      return { status: 201, body: { success: true, data: message } };
    }
    return fail(404, 'Not found', 'NOT_FOUND');
  });
}

const renderUserPage = () => renderRoutes([{ path: '/', element: <SupportPage /> }], { auth: fakeAuth({ user: makeUser() }) });

describe('support conversation (user)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows both sides as text, marks the answers read, and sends a new message', async () => {
    const fetchMock = serveUser({ messages: [question, answer], unread: 1 });
    renderUserPage();
    const log = await screen.findByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName(/^You,/);
    expect(items[0]).toHaveTextContent('My sound job failed, were the credits refunded?');
    expect(items[1]).toHaveAccessibleName(/^Lumen Studio support,/);
    // Markup in a message is shown as the characters typed, never as HTML.
    expect(within(items[1]!).getByText('<b>Yes</b>: both refunds are in your ledger.')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/v1/support/conversation/read' && init?.method === 'POST')).toBe(true),
    );

    await userEvent.type(screen.getByLabelText('Your message'), 'Thanks, and one more question');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Thanks, and one more question')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/v1/support/conversation/messages');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ body: 'Thanks, and one more question' });
  });

  it('says so when there is nothing yet, refuses an empty message beside the field, and shows the 429 of the server', async () => {
    serveUser({ messages: [], unread: 0 }, () =>
      fail(429, 'You have sent 10 messages in a short time. Please wait 10 minutes before writing again.', 'RATE_LIMITED'),
    );
    renderUserPage();
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a message');
    expect(screen.getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Your message'), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 10 minutes before writing again.');
    expect(screen.getByLabelText('Your message')).toHaveValue('Hello?');
  });
});

describe('support conversations (admin)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists conversations with their unread count, opens one, marks it read and sends the answer', async () => {
    const userId = '11111111-1111-4111-8111-111111111111';
    let unread = 1;
    let messages = [question];
    const fetchMock = mockFetch((url, init) => {
      if (url.startsWith('/api/v1/admin/support/conversations?'))
        return ok({
          items: [
            {
              user: { id: userId, email: 'grace@example.com', name: 'Grace Hopper' },
              lastMessage: { author: 'user', preview: 'My sound job failed, were the credits refunded?', createdAt: question.createdAt },
              messageCount: messages.length,
              unread,
            },
          ],
          page: 1,
          limit: 20,
          total: 1,
          totalPages: 1,
        });
      if (url === `/api/v1/admin/support/conversations/${userId}`)
        return ok({ user: { id: userId, email: 'grace@example.com', name: 'Grace Hopper' }, messages, unread });
      if (url === `/api/v1/admin/support/conversations/${userId}/read`) {
        unread = 0;
        return ok({ unread: 0, conversations: 0 });
      }
      if (url === `/api/v1/admin/support/conversations/${userId}/messages` && init.method === 'POST') {
        const message = { ...answer, body: (JSON.parse(String(init.body)) as { body: string }).body };
        messages = [...messages, message];
        return { status: 201, body: { success: true, data: message } };
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    renderRoutes([{ path: '/admin/support', element: <AdminSupportPage /> }], {
      path: '/admin/support',
      auth: fakeAuth({ user: makeUser({ role: 'ADMIN' }) }),
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByLabelText('1 unread')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /Grace Hopper/ }));

    const panel = await screen.findByRole('region', { name: 'Conversation with Grace Hopper' });
    expect(await within(panel).findByRole('article', { name: /^Grace Hopper,/ })).toHaveTextContent('were the credits refunded?');
    await waitFor(() => expect(within(list).queryByLabelText('1 unread')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/v1/admin/support/conversations/${userId}/read`)).toBe(true);

    await userEvent.type(within(panel).getByLabelText('Your answer'), 'Yes, both are refunded.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send answer' }));
    expect(await within(panel).findByRole('article', { name: /^Support,/ })).toHaveTextContent('Yes, both are refunded.');
  });
});
