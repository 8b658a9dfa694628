import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageCompareSlider } from './image-compare-slider.tsx';
import { SalesReportView } from './sales-report-view.tsx';
import { AudioPlayer } from './audio-player.tsx';
import { Waveform } from './waveform.tsx';
import { makeReport } from '../test/job-fixtures.ts';

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
    render(<AudioPlayer src="/a.wav" peaks={peaks} title="rain on a window" />);
    expect(screen.getByRole('img', { name: 'Waveform of rain on a window' })).toBeInTheDocument();
    expect(screen.getAllByTestId('waveform-bar')).toHaveLength(200);
    expect(document.querySelector('audio')).toHaveAttribute('src', '/a.wav');
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
