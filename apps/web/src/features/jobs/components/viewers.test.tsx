import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageCompareSlider } from './image-compare-slider.tsx';
import { SalesReportView } from './sales-report-view.tsx';
import { AudioPlayer } from './audio-player.tsx';
import { JobResult } from './job-result.tsx';
import { Waveform } from './waveform.tsx';
import { makeJob, makeOutput, makeReport } from '../test/job-fixtures.ts';

describe('result viewers', () => {
  it('the compare slider moves by keyboard (arrows, Home, End) and clips the before image', async () => {
    render(<ImageCompareSlider before="/before.png" after="/after.png" />);
    const slider = screen.getByRole('slider', { name: 'Compare before and after' });
    expect(slider).toHaveValue('50');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveValue('60');
    expect(screen.getByTestId('compare-before')).toHaveStyle({ clipPath: 'inset(0 40% 0 0)' });
    await userEvent.keyboard('{ArrowLeft}');
    expect(slider).toHaveValue('55');
    await userEvent.keyboard('{Home}');
    expect(slider).toHaveValue('0');
    await userEvent.keyboard('{End}');
    expect(slider).toHaveValue('100');
    expect(screen.getByRole('img', { name: 'Before' })).toHaveAttribute('src', '/before.png');
    expect(screen.getByRole('img', { name: 'After' })).toHaveAttribute('src', '/after.png');
  });

  it('the waveform draws one bar per peak, scaled, with the played part highlighted', () => {
    render(<Waveform peaks={[0, 0.5, 1, 0.25]} position={0.5} height={100} />);
    const bars = screen.getAllByTestId('waveform-bar');
    expect(bars).toHaveLength(4);
    expect(bars.map((bar) => bar.getAttribute('height'))).toEqual(['1', '50', '100', '25']);
    expect(bars[1]).toHaveClass('fill-brand-600');
    expect(bars[2]).toHaveClass('fill-slate-300');
  });

  it('the audio player shows the waveform from the peaks with a native player', () => {
    const peaks = Array.from({ length: 200 }, (_, index) => (index % 10) / 10);
    render(<AudioPlayer src="/a.mp3" peaks={peaks} title="rain on a window" />);
    expect(screen.getByRole('img', { name: 'Waveform of rain on a window' })).toBeInTheDocument();
    expect(screen.getAllByTestId('waveform-bar')).toHaveLength(200);
    expect(document.querySelector('audio')).toHaveAttribute('src', '/a.mp3');
  });

  it('a sound plays its MP3 and offers both the MP3 and the WAV for download', () => {
    const wav = makeOutput({ kind: 'audio', name: 'sound-rain.wav', contentType: 'audio/wav', previewUrl: '/files/wav' });
    const mp3 = makeOutput({ kind: 'audio', name: 'sound-rain.mp3', contentType: 'audio/mpeg', previewUrl: '/files/mp3' });
    render(
      <JobResult
        job={makeJob({ service: 'sound-generator', params: { prompt: 'rain' }, outputs: [wav, mp3], summary: { peaks: [0.2, 0.8] } })}
      />,
    );
    expect(screen.getByLabelText('rain')).toHaveAttribute('src', '/files/mp3');
    expect(screen.getByRole('button', { name: 'Download MP3' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download WAV' })).toBeEnabled();
  });

  it('a hosted model’s single sound file plays and downloads under its own format', () => {
    const flac = makeOutput({ kind: 'audio', name: 'sound-rain.flac', contentType: 'audio/flac', previewUrl: '/files/flac' });
    render(<JobResult job={makeJob({ service: 'sound-generator', params: { prompt: 'rain' }, outputs: [flac] })} />);
    expect(screen.getByLabelText('rain')).toHaveAttribute('src', '/files/flac');
    expect(screen.getAllByRole('button', { name: /^Download/ }).map((button) => button.textContent?.trim())).toEqual(['Download FLAC']);
  });

  it('a speed painting plays its MP4 over the poster and offers the video and the final frame', () => {
    const video = makeOutput({ kind: 'video', name: 'speedpainting-oil.mp4', contentType: 'video/mp4', previewUrl: '/files/mp4' });
    const poster = makeOutput({ kind: 'image', name: 'speedpainting-oil-final.jpg', contentType: 'image/jpeg', previewUrl: '/files/jpg' });
    render(<JobResult job={makeJob({ service: 'speedpainting', params: {}, outputs: [video, poster] })} />);
    const player = screen.getByLabelText('Speed painting video');
    expect(player).toHaveAttribute('src', '/files/mp4');
    expect(player).toHaveAttribute('poster', '/files/jpg');
    expect(screen.getByRole('button', { name: 'Download video' })).toBeEnabled();
  });

  it('the sales report shows the score with reasons, talk ratio, objections and next steps', () => {
    render(<SalesReportView report={makeReport()} />);
    expect(screen.getByRole('img', { name: 'Score 72 out of 100' })).toBeInTheDocument();
    expect(screen.getByText('Solid call')).toBeInTheDocument();
    expect(screen.getByText(/The seller talked 42% of the time/)).toBeInTheDocument();
    const ratio = screen.getByRole('list', { name: 'Talk ratio per speaker' });
    expect(within(ratio).getByText('42%')).toBeInTheDocument();
    expect(within(ratio).getByText('58%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Objections (2)' })).toBeInTheDocument();
    expect(screen.getByText(/Honestly it is too expensive for us./)).toBeInTheDocument();
    expect(screen.getByText('Handled')).toBeInTheDocument();
    expect(screen.getByText('Not handled')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sentiment over the call: neutral, negative, positive' })).toBeInTheDocument();
    expect(screen.getByText('onboarding ×4')).toBeInTheDocument();
    expect(screen.getByText(/Send the proposal/)).toHaveTextContent('Send the proposal (Anna, Thursday)');
  });
});
