import type { UserStatus } from '@lumen/core/admin/schemas';
import { Badge } from '@/components/ui/badge.tsx';

const tones = { active: 'success', suspended: 'danger', unverified: 'warning' } as const;
export const userStatusLabels: Record<UserStatus, string> = { active: 'Active', suspended: 'Suspended', unverified: 'Unverified' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={tones[status]}>{userStatusLabels[status]}</Badge>;
}
