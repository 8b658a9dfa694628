import { useState } from 'react';
import type { KeyboardEvent } from 'react';

/** A checkerboard behind transparent pixels. */
export const checkerboardStyle = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg,#e2e8f0 25%,transparent 25%),linear-gradient(-45deg,#e2e8f0 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#e2e8f0 75%),linear-gradient(-45deg,transparent 75%,#e2e8f0 75%)',
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0,0 10px,10px -10px,-10px 0',
};

const STEP = 5;

/**
 * Before / after compare: the after image fills the frame, the before image is clipped to the
 * slider's position. A range input drives it (arrow keys, Home, End; pointer too).
 */
export function ImageCompareSlider({
  before,
  after,
  beforeLabel = 'Before',
  afterLabel = 'After',
}: {
  before: string;
  after: string;
  beforeLabel?: string;
  afterLabel?: string;
}) {
  const [position, setPosition] = useState(50);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const next = (
      {
        ArrowLeft: position - STEP,
        ArrowDown: position - STEP,
        ArrowRight: position + STEP,
        ArrowUp: position + STEP,
        PageDown: position - 25,
        PageUp: position + 25,
        Home: 0,
        End: 100,
      } as Record<string, number>
    )[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPosition(Math.min(100, Math.max(0, next)));
  }

  return (
    <figure className="space-y-2">
      <div className="relative w-full overflow-hidden rounded-xl border border-slate-200 select-none" style={checkerboardStyle}>
        <img src={after} alt={afterLabel} className="block h-auto w-full" draggable={false} />
        <div
          className="absolute inset-0 overflow-hidden"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
          data-testid="compare-before"
        >
          <img src={before} alt={beforeLabel} className="block h-full w-full object-contain" draggable={false} />
        </div>
        <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${position}%` }} aria-hidden="true" />
        <span className="absolute top-2 left-2 rounded bg-ink/70 px-2 py-0.5 text-xs text-white">{beforeLabel}</span>
        <span className="absolute top-2 right-2 rounded bg-ink/70 px-2 py-0.5 text-xs text-white">{afterLabel}</span>
      </div>
      <label className="block text-sm text-slate-700">
        <span className="sr-only">Compare before and after</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={position}
          onChange={(event) => setPosition(Number(event.target.value))}
          onKeyDown={onKeyDown}
          aria-valuetext={`${position}% before`}
          className="w-full accent-brand-600"
        />
      </label>
    </figure>
  );
}
