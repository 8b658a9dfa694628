import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { downloadMyData } from '../api/data-export.ts';
import { useSignInMethodsQuery } from '../api/sign-in-methods.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** Your data: download everything the studio holds about you, or delete the account. */
export function YourDataSection() {
  const { data: methods } = useSignInMethodsQuery();
  const [isDownloading, setIsDownloading] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadMyData();
      toast.success('Your data is downloading');
    } catch (error) {
      toast.error('Could not download your data', { description: errorMessage(error, '') || undefined });
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Card>
      <CardTitle>Your data</CardTitle>
      <CardDescription>
        Download one zip with your profile, credit history, orders, jobs with their files, uploads, API keys (never their secrets), sessions
        and security events. Or delete your account.
      </CardDescription>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void download()} disabled={isDownloading}>
          {isDownloading ? 'Preparing…' : 'Download my data'}
        </Button>
        <Button variant="danger" onClick={() => setIsDeleteOpen(true)} disabled={!methods}>
          Delete account
        </Button>
      </div>
      {methods && <DeleteAccountDialog open={isDeleteOpen} onOpenChange={setIsDeleteOpen} hasPassword={methods.hasPassword} />}
    </Card>
  );
}
