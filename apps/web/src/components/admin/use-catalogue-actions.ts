import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client.ts';

/** What a catalogue row (a credit package or a subscription plan) needs for its actions. */
export type CatalogueItem = { id: string; name: string; isActive: boolean };

type Callbacks = { onSuccess?: () => void; onError?: (error: unknown) => void };
type Mutation<Variables> = { mutate(variables: Variables, callbacks?: Callbacks): void; isPending: boolean };

/** Toggle, reorder, edit and archive (with confirm) for one admin catalogue, with their toasts. */
export function useCatalogueActions<T extends CatalogueItem>({
  noun,
  update,
  reorder,
  archive,
}: {
  /** 'package' or 'plan': used in the failure toasts. */
  noun: string;
  update: Mutation<{ id: string; body: { isActive: boolean } }>;
  reorder: Mutation<string[]>;
  archive: Mutation<string>;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [archiving, setArchiving] = useState<T | null>(null);

  const fail = (title: string) => (error: unknown) => toast.error(title, { description: errorMessage(error, '') || undefined });
  const toggle = (item: T, isActive: boolean) =>
    update.mutate(
      { id: item.id, body: { isActive } },
      {
        onSuccess: () => toast.success(`${item.name} is now ${isActive ? 'active' : 'inactive'}`),
        onError: fail(`Failed to update the ${noun}`),
      },
    );
  const move = (ids: string[]) => reorder.mutate(ids, { onError: fail(`Failed to reorder the ${noun}s`) });
  const confirmArchive = () => {
    if (!archiving) return;
    archive.mutate(archiving.id, {
      onSuccess: () => {
        toast.success(`${archiving.name} archived`);
        setArchiving(null);
      },
      onError: fail(`Failed to archive the ${noun}`),
    });
  };

  return {
    editing,
    setEditing,
    archiving,
    setArchiving,
    toggle,
    move,
    confirmArchive,
    isToggling: update.isPending,
    isReordering: reorder.isPending,
    isArchiving: archive.isPending,
  };
}

export type CatalogueActions<T extends CatalogueItem> = ReturnType<typeof useCatalogueActions<T>>;
