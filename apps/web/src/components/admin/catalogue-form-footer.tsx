import { Button } from '../ui/button.tsx';

/** A catalogue form dialog's Cancel and submit buttons. */
export function CatalogueFormFooter({
  isSubmitting,
  isEditing,
  createLabel,
  onCancel,
}: {
  isSubmitting: boolean;
  isEditing: boolean;
  createLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : isEditing ? 'Save changes' : createLabel}
      </Button>
    </div>
  );
}
