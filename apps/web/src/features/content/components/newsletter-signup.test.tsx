import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIBE_MESSAGE } from '@lumen/core/content/newsletter';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { NewsletterSignup } from './newsletter-signup.tsx';

describe('the newsletter form', () => {
  it('checks the address, subscribes and asks to confirm by e-mail', async () => {
    let sent: unknown = null;
    mockFetch((url, init) => {
      if (url === '/api/v1/newsletter/subscribe') {
        sent = JSON.parse(String(init.body));
        return ok({ status: 'check_your_inbox' }, SUBSCRIBE_MESSAGE);
      }
      return fail(404, 'Not found', 'NOT_FOUND');
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <NewsletterSignup /> }]);
    const input = screen.getByLabelText('E-mail address for the newsletter');
    await user.type(input, 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(sent).toBeNull();
    await user.clear(input);
    await user.type(input, 'Reader@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SUBSCRIBE_MESSAGE);
    expect(sent).toEqual({ email: 'reader@example.com' });
  });
});
