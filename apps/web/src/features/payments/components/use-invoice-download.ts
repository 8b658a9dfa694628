import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client.ts';
import { getInvoiceDownloadUrl } from '../api/invoices.ts';
import { startDownload } from '../api/open-download.ts';

/** Asks for the receipt's signed link, then downloads it. */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: (id: string) => getInvoiceDownloadUrl(id),
    onSuccess: ({ url }) => startDownload(url),
    onError: (error) => toast.error('Failed to download the receipt', { description: errorMessage(error, 'Please try again.') }),
  });
}
