import { useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Waveform } from './waveform.tsx';

/** The audio result: the native player (keyboard usable) with the waveform and the play position. */
export function AudioPlayer({ src, peaks, title }: { src: string; peaks: number[]; title: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [position, setPosition] = useState(0);

  function seek(event: MouseEvent<HTMLDivElement>) {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(audio.duration) || audio.duration <= 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    audio.currentTime = ((event.clientX - rect.left) / rect.width) * audio.duration;
  }

  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      {peaks.length > 0 && (
        <div onClick={seek} className="cursor-pointer" data-testid="waveform">
          <Waveform peaks={peaks} position={position} label={`Waveform of ${title}`} />
        </div>
      )}
      <audio
        ref={audioRef}
        controls
        src={src}
        preload="metadata"
        aria-label={title}
        className="w-full"
        onTimeUpdate={(event) => {
          const audio = event.currentTarget;
          setPosition(audio.duration > 0 ? audio.currentTime / audio.duration : 0);
        }}
        onEnded={() => setPosition(1)}
      />
    </div>
  );
}
