import { useId, useState } from 'react';

/** Two pictures of the same size, the second revealed from the left by a slider (keyboard and touch). */
export function BeforeAfter({
  before,
  after,
  beforeAlt,
  afterAlt,
  beforeLabel = 'Before',
  afterLabel = 'After',
  width,
  height,
}: {
  before: string;
  after: string;
  beforeAlt: string;
  afterAlt: string;
  beforeLabel?: string;
  afterLabel?: string;
  width: number;
  height: number;
}) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <figure className="w-full">
      <div
        className="relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <img src={after} alt={afterAlt} width={width} height={height} className="absolute inset-0 h-full w-full object-cover" />
        <div className="absolute inset-0 overflow-hidden" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
          <img src={before} alt={beforeAlt} width={width} height={height} className="h-full w-full object-cover" />
        </div>
        <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${position}%` }} aria-hidden="true" />
        <span className="absolute top-3 left-3 rounded-full bg-ink/75 px-2.5 py-1 text-xs font-semibold text-white">{beforeLabel}</span>
        <span className="absolute top-3 right-3 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">{afterLabel}</span>
      </div>
      <label htmlFor={id} className="sr-only">
        Compare {beforeLabel.toLowerCase()} and {afterLabel.toLowerCase()}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        className="mt-3 w-full accent-brand-600"
      />
    </figure>
  );
}
