import { speedpaintingExample } from '@/lib/examples/example-inputs.ts';

/** The speed-painting video the built-in engine rendered from the committed example picture (scripts/make-examples.ts). */
export function SpeedpaintingExampleVideo() {
  return (
    <figure>
      <video
        controls
        muted
        playsInline
        loop
        preload="metadata"
        poster={speedpaintingExample.poster}
        width={640}
        height={480}
        className="h-auto w-full rounded-xl border border-slate-200 bg-black"
        aria-label="Example speed painting video"
      >
        <source src={speedpaintingExample.video} type="video/mp4" />
      </video>
      <figcaption className="mt-2 text-sm text-slate-600">
        {speedpaintingExample.durationSeconds}-second MP4 (H.264), {speedpaintingExample.resolution}, {speedpaintingExample.style} style.
      </figcaption>
    </figure>
  );
}
