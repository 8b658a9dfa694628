import { Archive, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Td, Th } from '@/components/ui/table.tsx';
import type { CatalogueActions, CatalogueItem } from './use-catalogue-actions.ts';

/** The headings of the two cells CatalogueRowActions renders. */
export function CatalogueActionsHeadings() {
  return (
    <>
      <Th>Active</Th>
      <Th>
        <span className="sr-only">Actions</span>
      </Th>
    </>
  );
}

/** A catalogue row's last two cells: the active switch, then Edit and Archive. */
export function CatalogueRowActions<T extends CatalogueItem>({ item, actions }: { item: T; actions: CatalogueActions<T> }) {
  return (
    <>
      <Td>
        <Switch
          checked={item.isActive}
          onCheckedChange={(checked) => actions.toggle(item, checked)}
          aria-label={`${item.name} active`}
          disabled={actions.isToggling}
        />
      </Td>
      <Td>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => actions.setEditing(item)} aria-label={`Edit ${item.name}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Edit</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => actions.setArchiving(item)} aria-label={`Archive ${item.name}`}>
            <Archive className="h-4 w-4" aria-hidden="true" /> <span className="hidden xl:inline">Archive</span>
          </Button>
        </div>
      </Td>
    </>
  );
}
