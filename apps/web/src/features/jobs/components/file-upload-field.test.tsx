import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock.ts';
import type { Upload } from '../api/job-types.ts';
import { FetchBackedXhr, makeUpload } from '../test/job-fixtures.ts';
import { FileUploadField } from './file-upload-field.tsx';
import type { UploadKind } from './file-upload-field.tsx';

function Field({ kind = 'image', label = 'Photo' }: { kind?: UploadKind; label?: string }) {
  const [value, setValue] = useState<Upload | null>(null);
  return <FileUploadField label={label} kind={kind} value={value} onChange={setValue} />;
}

/** Serves POST /uploads with `upload`; returns the names of the files sent. */
function serveUploads(upload: Upload) {
  const sent: string[] = [];
  mockFetch((url, init) => {
    if (url !== '/api/v1/uploads') return { status: 404 };
    sent.push(((init.body as FormData).get('file') as File).name);
    return { status: 201, body: { success: true, data: upload } };
  });
  return sent;
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

function dropOn(target: HTMLElement, files: File[]) {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('FileUploadField', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FetchBackedXhr));
  afterEach(() => vi.unstubAllGlobals());

  it('states the accepted types and the size limit before anything is uploaded', async () => {
    const { unmount } = render(<Field />);
    const input = screen.getByLabelText('Photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('PNG, JPEG or WebP · up to 15 MB');
    expect(screen.getByText('Choose a file')).toBeInTheDocument();
    await userEvent.tab();
    expect(input).toHaveFocus();
    unmount();

    render(<Field kind="transcript" label="Transcript file" />);
    expect(screen.getByLabelText('Transcript file')).toHaveAccessibleDescription('.txt, .vtt or .srt · up to 1 MB');
  });

  it('highlights the zone while a file is dragged over it, and uploads the first file dropped', async () => {
    const sent = serveUploads(makeUpload({ name: 'first.png', size: 2048 }));
    render(<Field />);
    const zone = screen.getByText('PNG, JPEG or WebP · up to 15 MB');
    const dataTransfer = { files: [], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone.closest('[data-dragging]')).not.toBeNull();
    expect(screen.getByText('Drop the file to upload it')).toBeInTheDocument();

    dropOn(zone, [png('first.png'), png('second.png')]);
    expect(await screen.findByRole('img', { name: 'Photo: first.png' })).toBeInTheDocument();
    expect(sent).toEqual(['first.png']);
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace Photo' })).toBeEnabled();
    expect(document.querySelector('[data-dragging]')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(screen.queryByRole('img', { name: 'Photo: first.png' })).not.toBeInTheDocument();
    expect(screen.getByText('PNG, JPEG or WebP · up to 15 MB')).toBeInTheDocument();
  });

  it('refuses a dropped file of the wrong type or over the limit with a clear error, and uploads nothing', async () => {
    const sent = serveUploads(makeUpload());
    render(<Field />);
    dropOn(screen.getByText('PNG, JPEG or WebP · up to 15 MB'), [new File(['gif'], 'anim.gif', { type: 'image/gif' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Use a PNG, JPEG or WebP image');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');

    const huge = png('huge.png');
    Object.defineProperty(huge, 'size', { value: 15 * 1024 * 1024 + 1 });
    dropOn(screen.getByText('PNG, JPEG or WebP · up to 15 MB'), [huge]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large (at most 15 MB)');
    expect(sent).toEqual([]);
  });

  it('shows a transcript as a file icon with its name and size, and the server message when an upload fails', async () => {
    serveUploads(makeUpload({ purpose: 'transcript', name: 'call.vtt', contentType: 'text/vtt', size: 1536 }));
    render(<Field kind="transcript" label="Transcript file" />);
    await userEvent.upload(screen.getByLabelText('Transcript file'), new File(['WEBVTT'], 'call.vtt', { type: 'text/vtt' }));
    expect(await screen.findByText('call.vtt')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    mockFetch(() => ({
      status: 413,
      body: { success: false, message: 'The transcript is over 1 MB', error: { code: 'PAYLOAD_TOO_LARGE' } },
    }));
    await userEvent.upload(screen.getByLabelText('Transcript file'), new File(['WEBVTT'], 'long.vtt', { type: 'text/vtt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The transcript is over 1 MB');
    expect(screen.queryByText('call.vtt')).not.toBeInTheDocument();
  });
});
