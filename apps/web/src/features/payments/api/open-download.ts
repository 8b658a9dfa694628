/**
 * Starts a download from a signed link. The receipt is served as an attachment, so the page stays
 * where it is, and no pop-up is needed (a window opened after an await is often blocked).
 */
export function startDownload(url: string): void {
  window.location.assign(url);
}
