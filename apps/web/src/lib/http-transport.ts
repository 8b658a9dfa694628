/** A fetch to the app's own origin: a relative URL such as /api/v1/... or /examples/... */
export type HttpTransport = (url: string, init?: RequestInit) => Promise<Response>;

let transport: HttpTransport = (url, init) => fetch(url, init);

/**
 * The browser uses fetch; the page renderer on the server installs an in-process call so that
 * rendering a page reads the same API without a network round trip.
 */
export function setHttpTransport(next: HttpTransport): void {
  transport = next;
}

export function httpFetch(url: string, init?: RequestInit): Promise<Response> {
  return transport(url, init);
}
