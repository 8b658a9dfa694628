import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import type { CatalogueActions, CatalogueItem } from './use-catalogue-actions.ts';

/** Asks before archiving the catalogue item the actions hold; noun names it while none is held. */
export function CatalogueArchiveDialog<T extends CatalogueItem>({
  actions,
  noun,
  description,
}: {
  actions: CatalogueActions<T>;
  noun: string;
  description: string;
}) {
  return (
    <ConfirmDialog
      open={actions.archiving !== null}
      onOpenChange={(open) => !open && actions.setArchiving(null)}
      title={`Archive ${actions.archiving?.name ?? noun}?`}
      description={description}
      confirmLabel="Archive"
      danger
      isPending={actions.isArchiving}
      onConfirm={actions.confirmArchive}
    />
  );
}
