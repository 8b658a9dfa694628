import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input.tsx';

type OperationSearchProps = { search: string; onSearchChange: (search: string) => void; shown: number; total: number };

/** The reference's search box and how many operations match it. */
export function OperationSearch({ search, onSearchChange, shown, total }: OperationSearchProps) {
  return (
    <div className="space-y-1">
      <label className="relative block">
        <span className="sr-only">Search the API</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          className="h-11 pl-9"
          placeholder="Search path, method, summary or tag"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </label>
      <p className="text-xs text-slate-500" aria-live="polite">
        {shown} of {total} operations
      </p>
    </div>
  );
}
