import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '../ui/button.tsx';

/** Move an item up or down the list; the ids of the whole list in the new order go to onMove. */
export function ReorderButtons({
  ids,
  index,
  name,
  onMove,
  disabled,
}: {
  ids: string[];
  index: number;
  name: string;
  onMove: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const move = (to: number) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved!);
    onMove(next);
  };
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="h-8 w-8"
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => move(index - 1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="h-8 w-8"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === ids.length - 1}
        onClick={() => move(index + 1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
