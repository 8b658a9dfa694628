import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

/** Previous / next page controls with 'Page x of y'. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  disabled = false,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-600">
      <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button variant="outline" size="sm" disabled={disabled || page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
