/** A waveform drawn from peak values 0..1 (SVG bars); bars before `position` (0..1) are highlighted. */
export function Waveform({
  peaks,
  position = 0,
  height = 64,
  className,
  label = 'Waveform',
}: {
  peaks: number[];
  position?: number;
  height?: number;
  className?: string;
  label?: string;
}) {
  const count = Math.max(peaks.length, 1);
  const played = Math.floor(position * count);
  return (
    <svg viewBox={`0 0 ${count} ${height}`} preserveAspectRatio="none" className={className ?? 'h-16 w-full'} role="img" aria-label={label}>
      {peaks.map((peak, index) => {
        const barHeight = Math.max(1, Math.min(1, peak) * height);
        return (
          <rect
            key={index}
            data-testid="waveform-bar"
            x={index + 0.15}
            y={(height - barHeight) / 2}
            width={0.7}
            height={barHeight}
            className={index < played ? 'fill-brand-600' : 'fill-slate-300'}
          />
        );
      })}
    </svg>
  );
}
