import { TriangleAlert } from 'lucide-react';
import { usePublicSettings } from '../api/public-settings.ts';

/** The maintenance banner set on /admin/settings, above every page while it is on. */
export function MaintenanceBanner() {
  const { data } = usePublicSettings();
  const banner = data?.maintenanceBanner;
  if (!banner?.enabled || !banner.message) return null;
  return (
    <div role="status" className="flex items-start justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p className="break-words">{banner.message}</p>
    </div>
  );
}
