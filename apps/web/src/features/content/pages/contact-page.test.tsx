import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch } from '@/test/fetch-mock.ts';
import { makeUser } from '@/test/fixtures.ts';
import { fakeAuth, renderRoutes } from '@/test/render.tsx';
import { ContactPage } from './contact-page.tsx';

describe('the contact page', { timeout: 20_000 }, () => {
  it("fills in a signed-in visitor's name and e-mail", async () => {
    mockFetch(() => fail(404, 'Not found', 'NOT_FOUND'));
    renderRoutes([{ path: '/', element: <ContactPage /> }], {
      auth: fakeAuth({ user: makeUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }) }),
    });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace'));
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
  });

  it('checks the fields, sends the message and confirms it', async () => {
    let sent: unknown = null;
    mockFetch((url, init) => {
      if (url === '/api/v1/contact' && init.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return { status: 201, body: { success: true, data: { id: 'm1' } } };
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ContactPage /> }], { auth: fakeAuth({ user: null }) });
    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'Grace@Example.com');
    await user.type(screen.getByLabelText('Subject'), 'Free credits');
    await user.type(screen.getByLabelText('Message'), 'I shared my speed painting on Instagram.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your message was sent');
    expect(sent).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      subject: 'Free credits',
      message: 'I shared my speed painting on Instagram.',
    });
  });

  it('shows the rate-limit message from the server', async () => {
    mockFetch(() => fail(429, 'You have sent several messages in a short time. Please try again in 15 minutes.', 'RATE_LIMITED'));
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ContactPage /> }], { auth: fakeAuth({ user: null }) });
    await user.type(screen.getByLabelText('Name'), 'Grace');
    await user.type(screen.getByLabelText('E-mail'), 'grace@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'A message long enough.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 15 minutes.'));
  });
});
