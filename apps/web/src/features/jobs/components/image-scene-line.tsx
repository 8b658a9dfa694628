import { imageGeneratorSummarySchema } from '@lumen/core/services/image-generator-params';

/** Under an offline-generated image: what the engine drew from the prompt, and the nouns it has no picture for. */
export function ImageSceneLine({ summary }: { summary: unknown }) {
  const parsed = imageGeneratorSummarySchema.safeParse(summary);
  if (!parsed.success) return null;
  const { scene, notDrawn } = parsed.data;
  const subjects = scene.subjects.map((subject) =>
    [subject.count > 1 ? String(subject.count) : '', subject.colour ?? '', subject.phrase].filter(Boolean).join(' '),
  );
  return (
    <div className="space-y-1 text-sm text-slate-600" data-testid="image-scene">
      <p>
        Drew {subjects.length > 0 ? subjects.join(', ') : 'no subject'} in a {scene.setting} scene at {scene.timeOfDay}.
      </p>
      {notDrawn.length > 0 && <p>The offline engine has no picture for: {notDrawn.join(', ')}.</p>}
    </div>
  );
}
