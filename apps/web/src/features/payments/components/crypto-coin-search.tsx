import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input.tsx';

type CryptoCoinSearchProps = { search: string; onSearchChange: (search: string) => void; shown: number; total: number };

/** The search over every accepted coin, and how many of them the tiles show. */
export function CryptoCoinSearch({ search, onSearchChange, shown, total }: CryptoCoinSearchProps) {
  const searching = search.trim() !== '';
  const coins = total === 1 ? 'coin' : 'coins';
  let count;
  if (searching) count = shown === 0 ? `No accepted coin matches “${search.trim()}”.` : `${shown} of ${total} accepted ${coins} match.`;
  else if (shown < total) count = `Showing ${shown} of ${total} accepted coins — search to find more.`;
  else count = `Showing all ${total} accepted ${coins}.`;
  return (
    <div className="mt-2 space-y-1">
      <label className="relative block">
        <span className="sr-only">Search coins</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          className="pl-9"
          placeholder="Search coins by ticker or name"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </label>
      <p className="text-xs text-slate-500" aria-live="polite">
        {count}
      </p>
    </div>
  );
}
