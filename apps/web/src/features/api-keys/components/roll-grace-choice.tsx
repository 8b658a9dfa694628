import { rollGraceLabels, rollGraces } from '@lumen/core/api-keys/schemas';
import type { RollGrace } from '@lumen/core/api-keys/schemas';

/** How long the old secret keeps working after a roll: none, 1 hour, 24 hours or 7 days. */
export function RollGraceChoice({
  value,
  onChange,
  hasEarlierSecret,
}: {
  value: RollGrace;
  onChange: (grace: RollGrace) => void;
  hasEarlierSecret: boolean;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">Keep the old secret working for</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {rollGraces.map((grace) => (
          <label key={grace} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="roll-grace"
              value={grace}
              checked={value === grace}
              onChange={() => onChange(grace)}
              className="h-4 w-4 border-slate-300"
            />
            {rollGraceLabels[grace]}
          </label>
        ))}
      </div>
      {hasEarlierSecret && (
        <p className="mt-2 text-xs text-amber-800">
          A secret from the last roll still works: rolling again stops it at once. Only the secret in use now keeps its grace period.
        </p>
      )}
    </fieldset>
  );
}
