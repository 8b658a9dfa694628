import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fail, mockFetch, ok } from '@/test/fetch-mock.ts';
import { renderRoutes } from '@/test/render.tsx';
import { speedpaintingExample } from '@/lib/examples/example-inputs.ts';
import { VideosPage } from './videos-page.tsx';

describe('/resources/videos', () => {
  it('shows each tool with its videos (embedded when possible) or a pointer to its guide', async () => {
    mockFetch((url) =>
      url === '/api/v1/videos'
        ? ok([
            {
              id: 'v1',
              service: 'speedpainting',
              title: 'Your first speed painting',
              description: '',
              url: 'https://youtu.be/dQw4w9WgXcQ',
              embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
              durationLabel: '2:10',
              sortOrder: 0,
            },
            {
              id: 'v2',
              service: 'sales-pilot',
              title: 'Reading a call report',
              description: '',
              url: 'https://example.com/v.mp4',
              embedUrl: null,
              durationLabel: '',
              sortOrder: 0,
            },
          ])
        : fail(404, 'Not found', 'NOT_FOUND'),
    );
    renderRoutes([{ path: '/', element: <VideosPage /> }]);
    const real = screen.getByRole('region', { name: 'A real speed-painting video' });
    const video = within(real).getByLabelText('Example speed painting video');
    expect(video.querySelector('source')).toHaveAttribute('src', speedpaintingExample.video);
    expect(video).toHaveAttribute('poster', speedpaintingExample.poster);
    const painting = await screen.findByRole('region', { name: 'Speed Painting Video' });
    expect(within(painting).getByTitle('Your first speed painting')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    const sales = screen.getByRole('region', { name: 'Sales Pilot Analysis' });
    expect(within(sales).getByRole('link', { name: 'Watch Reading a call report (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://example.com/v.mp4',
    );
    const background = screen.getByRole('region', { name: 'AI Background' });
    expect(within(background).getByText(/The video walkthrough is being recorded/)).toBeInTheDocument();
  });
});
