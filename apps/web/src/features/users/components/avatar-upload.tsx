import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { AVATAR_MAX_BYTES, allowedImageExtensions, allowedImageMimeTypes } from '@lumen/core/users/schemas';
import type { User } from '@lumen/core/users/schemas';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { imageUrl } from '@/lib/image-url.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useUploadAvatar } from '../api/avatar.ts';

export const AVATAR_ACCEPT = [...allowedImageMimeTypes, ...allowedImageExtensions.map((ext) => `.${ext}`)].join(',');

/** Png, jpeg, jpg and webp only (checked here; the server checks the content). */
export function checkAvatarFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (allowedImageMimeTypes as readonly string[]).includes(file.type);
  const extensionOk = (allowedImageExtensions as readonly string[]).includes(extension);
  if (!typeOk || !extensionOk) return 'Please choose a PNG, JPEG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return `The image is too large (maximum ${AVATAR_MAX_BYTES / 1024 / 1024} MB).`;
  return null;
}

export function AvatarUpload({ user }: { user: User }) {
  const { setUser } = useAuth();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const src = imageUrl(user.profileImage);
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      toast.error('Failed to upload profile picture', { description: problem });
      return;
    }
    try {
      const updated = await upload.mutateAsync(file);
      setUser(updated);
      toast.success('Profile picture updated');
    } catch (error) {
      toast.error('Failed to upload profile picture', { description: errorMessage(error, '') || undefined });
    }
  };

  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      {src ? (
        <img src={src} alt="Your profile picture" className="h-20 w-20 rounded-full object-cover ring-4 ring-brand-100" />
      ) : (
        <span
          aria-label="No profile picture yet"
          role="img"
          className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
        >
          {initials}
        </span>
      )}
      <div>
        <input
          ref={input}
          id="avatar-input"
          type="file"
          accept={AVATAR_ACCEPT}
          className="sr-only"
          onChange={(event) => void onChange(event)}
          aria-label="Upload a profile picture"
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? 'Uploading…' : 'Upload new picture'}
        </Button>
        <p className="mt-2 text-xs text-slate-500">PNG, JPEG or WebP, up to {AVATAR_MAX_BYTES / 1024 / 1024} MB.</p>
      </div>
    </div>
  );
}
