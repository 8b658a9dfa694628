/**
 * The 'Upgrade Your Plan' modal is opened from anywhere by a window event:
 *   window.dispatchEvent(new CustomEvent('upgrade:open'))
 */
export const UPGRADE_OPEN_EVENT = 'upgrade:open';

export function openUpgradeModal(): void {
  window.dispatchEvent(new CustomEvent(UPGRADE_OPEN_EVENT));
}
