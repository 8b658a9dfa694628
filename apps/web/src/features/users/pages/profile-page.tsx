import { displayedCredit } from '@lumen/core/credits/rules';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { ChangePasswordSection } from '../components/change-password-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SecurityEventsSection } from '../components/security-events-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { SignInMethodsSection } from '../components/sign-in-methods-section.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  const { balance, spent } = displayedCredit(user.credit);
  return (
    <>
      <PageHeader title="Profile" description="Your name, picture, account details and sign-in security." />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <Card>
            <CardTitle>Profile picture</CardTitle>
            <div className="mt-4">
              <AvatarUpload user={user} />
            </div>
          </Card>
          <Card>
            <CardTitle>Personal details</CardTitle>
            <div className="mt-4">
              <ProfileForm key={user.id} user={user} />
            </div>
          </Card>
          <ChangePasswordSection />
          <SignInMethodsSection />
        </div>
        <Card className="h-fit">
          <CardTitle>Account</CardTitle>
          <CardDescription>Facts about your account.</CardDescription>
          <dl className="mt-4 space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Role</dt>
              <dd className="font-medium text-slate-900">{user.role === 'ADMIN' ? 'Administrator' : 'Member'}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">E-mail verified</dt>
              <dd className="font-medium text-slate-900">{user.emailVerified ? 'Yes' : 'Not yet'}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Credit balance</dt>
              <dd className="font-medium text-slate-900">{balance}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Credits spent</dt>
              <dd className="font-medium text-slate-900">{spent}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Member since</dt>
              <dd className="font-medium text-slate-900">{new Date(user.createdAt).toLocaleDateString()}</dd>
            </div>
          </dl>
        </Card>
      </div>
      <div className="mt-6 space-y-6">
        <SessionsSection />
        <SecurityEventsSection />
        <YourDataSection />
      </div>
    </>
  );
}
