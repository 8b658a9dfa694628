import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPGRADE_OPEN_EVENT } from '@/features/payments/api/upgrade-modal-events.ts';
import { makeJob, makeOutput } from '../test/job-fixtures.ts';
import { JobResult } from './job-result.tsx';

const PREVIEW_LINE = /^This is a preview/;

describe('a result shown as a preview', () => {
  it('says it is a preview of the picture and opens the credit offer from Buy credits', async () => {
    const job = makeJob({ canDownload: false, outputs: [makeOutput({ preview: true, previewUrl: '/api/v1/files/marked' })] });
    render(<JobResult job={job} />);
    expect(screen.getByText(PREVIEW_LINE)).toHaveTextContent(
      'This is a preview (a smaller, watermarked copy). Buy credits to see the full result and download it.',
    );
    expect(screen.getByRole('img', { name: 'Result: generated-1.png' })).toHaveAttribute('src', '/api/v1/files/marked');
    const opened = vi.fn();
    window.addEventListener(UPGRADE_OPEN_EVENT, opened);
    await userEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
    window.removeEventListener(UPGRADE_OPEN_EVENT, opened);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('names what a sound preview leaves out', () => {
    const job = makeJob({
      service: 'sound-generator',
      params: { prompt: 'rain' },
      canDownload: false,
      outputs: [makeOutput({ kind: 'audio', name: 'rain.wav', contentType: 'audio/wav', preview: true })],
    });
    render(<JobResult job={job} />);
    expect(screen.getByText(PREVIEW_LINE)).toHaveTextContent('This is a preview (the first seconds, in mono).');
  });

  it('shows no preview line once the full result is shown', () => {
    const job = makeJob({ canDownload: true, outputs: [makeOutput({ preview: false, previewUrl: '/api/v1/files/original' })] });
    render(<JobResult job={job} />);
    expect(screen.queryByText(PREVIEW_LINE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy credits' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Result: generated-1.png' })).toHaveAttribute('src', '/api/v1/files/original');
  });
});
