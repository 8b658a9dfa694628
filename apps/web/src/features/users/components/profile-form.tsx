import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '@lumen/core/users/schemas';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuth } from '@/session/auth-context.ts';
import { useUpdateProfile } from '../api/profile.ts';

// The same rules as the server's updateProfileBodySchema, with both names shown in the form.
const profileFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(60, 'First name must be at most 60 characters'),
  lastName: z.string().trim().min(1, 'Last name is required').max(60, 'Last name must be at most 60 characters'),
});

export function ProfileForm({ user }: { user: User }) {
  const { setUser } = useAuth();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await updateProfile.mutateAsync(values);
      setUser(updated);
      reset({ firstName: updated.firstName, lastName: updated.lastName });
      toast.success('Profile updated successfully');
    } catch (error) {
      toast.error('Failed to update profile', { description: errorMessage(error, '') || undefined });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" error={errors.firstName?.message} autoComplete="given-name" {...register('firstName')} />
        <TextField label="Last name" error={errors.lastName?.message} autoComplete="family-name" {...register('lastName')} />
      </div>
      <TextField
        label="Email"
        hint="Your e-mail address is used to sign in and cannot be changed here."
        value={user.email}
        readOnly
        disabled
      />
      <Button type="submit" disabled={!isDirty || isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save changes'}
      </Button>
    </form>
  );
}
