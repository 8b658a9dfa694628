import { Archive, Pencil } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import type { DataColumn } from '../ui/data-table.tsx';
import { Switch } from '../ui/switch.tsx';
import { ReorderButtons } from './reorder-buttons.tsx';
import type { CatalogueActions, CatalogueItem } from './use-catalogue-actions.ts';

/** A catalogue table's Order column: each row's move up / down buttons (the whole list's ids go to the move). */
export function catalogueOrderColumn<T extends CatalogueItem>(items: readonly T[], actions: CatalogueActions<T>): DataColumn<T> {
  const ids = items.map((item) => item.id);
  return {
    header: 'Order',
    priority: 2,
    cell: (item, index) => (
      <ReorderButtons ids={ids} index={index} name={item.name} onMove={actions.move} disabled={actions.isReordering} />
    ),
  };
}

/** A catalogue table's last two columns: the active switch, then Edit and Archive. */
export function catalogueActionColumns<T extends CatalogueItem>(actions: CatalogueActions<T>): DataColumn<T>[] {
  return [
    {
      header: 'Active',
      priority: 1,
      cell: (item) => (
        <Switch
          checked={item.isActive}
          onCheckedChange={(checked) => actions.toggle(item, checked)}
          aria-label={`${item.name} active`}
          disabled={actions.isToggling}
        />
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (item) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => actions.setEditing(item)} aria-label={`Edit ${item.name}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Edit</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => actions.setArchiving(item)} aria-label={`Archive ${item.name}`}>
            <Archive className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Archive</span>
          </Button>
        </div>
      ),
    },
  ];
}
