import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyEventHost } from './lazy-event-host.tsx';

function makeHost(eventName: string) {
  const load = vi.fn(
    async () =>
      function Opened() {
        const [requests, setRequests] = useState<string[]>([]);
        useEffect(() => {
          const onOpen = (event: Event) => setRequests((seen) => [...seen, String((event as CustomEvent).detail)]);
          window.addEventListener(eventName, onOpen);
          return () => window.removeEventListener(eventName, onOpen);
        }, []);
        return <p>opened: {requests.join(', ')}</p>;
      },
  );
  return { Host: lazyEventHost(eventName, load), load };
}

const fire = (name: string, detail: string) => act(() => void window.dispatchEvent(new CustomEvent(name, { detail })));

describe('lazyEventHost', () => {
  it('loads nothing until its event fires, then hands that event to the loaded host once', async () => {
    const { Host, load } = makeHost('test:first');
    render(<Host />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/opened/)).toBeNull();
    fire('test:first', 'login');
    expect(await screen.findByText('opened: login')).toBeInTheDocument();
    fire('test:first', 'signup');
    expect(await screen.findByText('opened: login, signup')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps an event fired before the host is mounted', async () => {
    const { Host } = makeHost('test:early');
    fire('test:early', 'from an early effect');
    render(<Host />);
    expect(await screen.findByText('opened: from an early effect')).toBeInTheDocument();
  });
});
