import type { ReactNode } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select } from '@/components/ui/select.tsx';

/** The filters of a list, as useListFilters (lib/use-list-filters.ts) keeps them in the address. */
export type FilterState = {
  filters: Readonly<Record<string, string | undefined>>;
  setQuery(next: Record<string, string>): void;
  clear(): void;
  hasFilters: boolean;
  searchText: string;
  setSearchText(text: string): void;
};

/**
 * One field of the form: the search text (applied by the submit button), a select (applied when it changes), or the
 * From and To days (`from` and `to`, applied when they change; each bounds the other).
 */
export type FilterField =
  | { kind: 'search'; id: string; label: string; placeholder?: string }
  | { kind: 'select'; id: string; name: string; label: string; options: readonly (readonly [value: string, label: string])[] }
  | { kind: 'dates'; id: string };

/** The filter form above an admin list (decision 094). */
export function AdminFilters({
  label,
  list,
  fields,
  clearable = true,
  submitLabel = 'Search',
  children,
}: {
  /** The form's accessible name ('Filter jobs'). */
  label: string;
  list: FilterState;
  fields: FilterField[];
  /** Offers 'Clear filters' while a filter is set. */
  clearable?: boolean;
  submitLabel?: string;
  /** Shown after the buttons (another action, a note). */
  children?: ReactNode;
}) {
  const { filters, setQuery } = list;
  return (
    <form
      role="search"
      aria-label={label}
      className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      onSubmit={(event) => {
        event.preventDefault();
        setQuery({});
      }}
    >
      {fields.map((field) => {
        if (field.kind === 'search')
          return (
            <div key={field.id} className="lg:col-span-2">
              <Label htmlFor={field.id}>{field.label}</Label>
              <Input
                id={field.id}
                className="mt-1"
                type="search"
                value={list.searchText}
                onChange={(event) => list.setSearchText(event.target.value)}
                placeholder={field.placeholder}
              />
            </div>
          );
        if (field.kind === 'select')
          return (
            <div key={field.id}>
              <Label htmlFor={field.id}>{field.label}</Label>
              <Select
                id={field.id}
                className="mt-1"
                value={filters[field.name] ?? ''}
                onChange={(event) => setQuery({ [field.name]: event.target.value })}
              >
                {field.options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </Select>
            </div>
          );
        return [
          <div key={`${field.id}-from`}>
            <Label htmlFor={`${field.id}-from`}>From</Label>
            <Input
              id={`${field.id}-from`}
              className="mt-1"
              type="date"
              value={filters.from ?? ''}
              max={filters.to || undefined}
              onChange={(event) => setQuery({ from: event.target.value })}
            />
          </div>,
          <div key={`${field.id}-to`}>
            <Label htmlFor={`${field.id}-to`}>To</Label>
            <Input
              id={`${field.id}-to`}
              className="mt-1"
              type="date"
              value={filters.to ?? ''}
              min={filters.from || undefined}
              onChange={(event) => setQuery({ to: event.target.value })}
            />
          </div>,
        ];
      })}
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-6">
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> {submitLabel}
        </Button>
        {clearable && list.hasFilters && (
          <Button variant="ghost" onClick={list.clear}>
            Clear filters
          </Button>
        )}
        {children}
      </div>
    </form>
  );
}

/** The options of a select: 'All …' (no filter) first, then each value with its label. */
export function filterOptions<T extends string>(all: string, values: readonly T[], labelOf: (value: T) => string = String) {
  return [['', all] as const, ...values.map((value) => [value, labelOf(value)] as const)];
}
