import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** Reads one filter from the address: its value, or undefined when it is missing or not one the list knows. */
type Parser = (value: string | null) => string | undefined;

/** A parser that takes only the given values. */
export function oneOf<T extends string>(values: readonly T[]): (value: string | null) => T | undefined {
  return (value) => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);
}

/** A day as the date inputs give it (YYYY-MM-DD). */
export const isoDate = (value: string | null): string | undefined => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** Any text but the empty one. */
export const someText = (value: string | null): string | undefined => value || undefined;

/**
 * A list page's filters and page, kept in the address (`?status=paid&page=2`) so a filtered list can be reloaded and
 * shared. A value the list does not know reads as no filter; a filter at its default is left out of the address.
 * A `search` filter comes with the text being typed (`searchText`): every change of filter also applies the typed
 * text, and `clear` empties both. Changing a filter goes back to page 1.
 * `inAddress: false` keeps them in the component instead, for a list that is one tab or section of a page.
 */
export function useListFilters<P extends Record<string, Parser>>(
  parsers: P,
  defaults: { [K in keyof P]?: NonNullable<ReturnType<P[K]>> } = {},
  { inAddress = true }: { inAddress?: boolean } = {},
) {
  type Filters = { [K in keyof P]: ReturnType<P[K]> };
  const [addressParams, setAddressParams] = useSearchParams();
  const [stateParams, setStateParams] = useState(() => new URLSearchParams());
  const params = inAddress ? addressParams : stateParams;
  const setParams = (next: URLSearchParams, options: { replace: boolean }) =>
    inAddress ? setAddressParams(next, options) : setStateParams(next);
  const keys = Object.keys(parsers) as (keyof P & string)[];
  const filters = Object.fromEntries(keys.map((key) => [key, parsers[key]!(params.get(key)) ?? defaults[key]])) as Filters;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [searchText, setSearchText] = useState((filters as { search?: string }).search ?? '');
  const isSet = (key: keyof P & string, value: string | undefined) => Boolean(value) && value !== defaults[key];

  const setQuery = (next: { [K in keyof P]?: string } & { page?: number }) => {
    const merged: Record<string, string | undefined> = { ...filters, ...('search' in parsers ? { search: searchText.trim() } : {}) };
    for (const key of keys) if (key in next) merged[key] = next[key];
    const out = new URLSearchParams();
    for (const key of keys) if (isSet(key, merged[key])) out.set(key, merged[key]!);
    if ((next.page ?? 1) > 1) out.set('page', String(next.page));
    setParams(out, { replace: true });
  };
  const clear = () => {
    setSearchText('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const hasFilters = keys.some((key) => isSet(key, filters[key]));
  return { filters, page, setQuery, clear, hasFilters, searchText, setSearchText };
}
