import type { ChangeEvent } from 'react';

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** The position just after the `count`-th digit of `text` (0 when count is 0). */
function afterDigit(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (isDigit(text[index])) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}

/**
 * Rewrites a text field's value as it is typed or pasted, the way Stripe's card fields do: `format`
 * turns what is there into the shown value (spaces, slash), the caret stays after the same digit, and
 * deleting a space or slash deletes the digit before it instead of being undone by the formatting.
 * Returns the new value, already written into the field.
 */
export function formatAsTyped(event: ChangeEvent<HTMLInputElement>, previous: string, format: (text: string) => string): string {
  const input = event.target;
  let text = input.value;
  let caret = input.selectionStart ?? text.length;
  const inputType = (event.nativeEvent as InputEvent | undefined)?.inputType ?? '';
  const deleting = inputType.startsWith('delete');
  if (deleting && text.length < previous.length && digitCount(text) === digitCount(previous)) {
    // Only a separator went: take the digit before the caret with it.
    let index = caret - 1;
    while (index >= 0 && !isDigit(text[index])) index -= 1;
    if (index >= 0) {
      text = text.slice(0, index) + text.slice(index + 1);
      caret = index;
    }
  }
  const atEnd = caret >= text.length;
  const digitsBefore = digitCount(text.slice(0, caret));
  let next = format(text);
  if (deleting) next = next.replace(/[\s/]+$/, '');
  input.value = next;
  const position = atEnd ? next.length : Math.min(afterDigit(next, digitsBefore), next.length);
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
  return next;
}
