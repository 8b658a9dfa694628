import { z } from 'zod';

/**
 * A number named `label` in its messages: "… is required" when it is missing, or empty in a form (a number input left
 * empty reads as NaN), "… must be a number" when it is something else.
 */
export function numberField(label: string) {
  return z.number({
    error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? `${label} is required` : `${label} must be a number`),
  });
}
