import { imageGeneratorSummarySchema } from '@lumen/core/services/image-generator-params';

/**
 * Under an offline-generated image: what the engine drew (the summary's `drawn`, checked against the figures
 * it placed), and the nouns it has no picture for. Older jobs have no `drawn`: their subjects alone are named,
 * since their setting was not always painted.
 */
export function ImageSceneLine({ summary }: { summary: unknown }) {
  const parsed = imageGeneratorSummarySchema.safeParse(summary);
  if (!parsed.success) return null;
  const { scene, notDrawn, drawn } = parsed.data;
  const subjects = scene.subjects.map((subject) =>
    [subject.count > 1 ? String(subject.count) : '', subject.colour ?? '', subject.phrase].filter(Boolean).join(' '),
  );
  return (
    <div className="space-y-1 text-sm text-slate-600" data-testid="image-scene">
      <p>
        {drawn
          ? `Drew: ${drawn.length > 0 ? drawn.join(', ') : 'shapes in the prompt’s colours'}.`
          : `Drew ${subjects.length > 0 ? subjects.join(', ') : 'no subject'}.`}
      </p>
      {notDrawn.length > 0 && <p>The offline engine has no picture for: {notDrawn.join(', ')}.</p>}
    </div>
  );
}
