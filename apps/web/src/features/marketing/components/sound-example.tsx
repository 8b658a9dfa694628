import type { SoundGeneratorSummary } from '@lumen/core/services/sound-generator-params';
import { useExampleJson } from '../api/example-json.ts';

/** The example sound: its waveform (from the engine's summary) and a native audio player. */
export function SoundExample({ audio, summaryUrl, prompt }: { audio: string; summaryUrl: string; prompt: string }) {
  const { data: summary } = useExampleJson<SoundGeneratorSummary>(summaryUrl);
  const peaks = summary?.peaks ?? [];
  const barWidth = peaks.length ? 600 / peaks.length : 0;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-ink p-5 text-white shadow-sm">
      <figcaption className="text-sm text-slate-300">
        Prompt: <q className="font-semibold text-white">{prompt}</q>
      </figcaption>
      <svg
        viewBox="0 0 600 100"
        preserveAspectRatio="none"
        className="mt-4 h-24 w-full"
        role="img"
        aria-label="Waveform of the example sound"
      >
        {peaks.map((peak, i) => {
          const h = Math.max(2, peak * 96);
          return <rect key={i} x={i * barWidth} y={50 - h / 2} width={Math.max(1, barWidth - 1)} height={h} rx="1" fill="#a5b4fc" />;
        })}
      </svg>
      <audio controls preload="none" src={audio} className="mt-4 w-full" aria-label="Play the example sound">
        <a href={audio}>Download the example sound</a>
      </audio>
      {summary && (
        <p className="mt-3 text-xs text-slate-300" data-testid="sound-design">
          {summary.design.layers.join(', ')} · {summary.design.mood} · {summary.design.key} · {summary.design.tempo} BPM
        </p>
      )}
    </figure>
  );
}
