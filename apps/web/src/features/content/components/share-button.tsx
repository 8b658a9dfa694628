import { Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';

export const LINK_COPIED_MESSAGE = 'Link copied to clipboard!';

/** Native share where the browser has it; otherwise copies the page link. */
export function ShareButton({ title, text }: { title: string; text?: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the reader closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(LINK_COPIED_MESSAGE);
    } catch {
      toast.error('Could not copy the link; copy it from the address bar.');
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <Share2 className="h-4 w-4" aria-hidden="true" /> Share
    </Button>
  );
}
