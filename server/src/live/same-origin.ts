/**
 * The live channel accepts browsers from our own origin only (no CORS is offered either). A
 * browser always sends Origin on a WebSocket handshake and on cross-origin requests; same-origin
 * polling GETs and non-browser clients may send none, and carry no cross-site risk.
 *
 * With PUBLIC_URL set the Origin must be exactly that origin. Without it (development and tests,
 * where the port is not known in advance) the Origin's host must be the Host the request came to.
 */
export function isSameOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string | null,
): boolean {
  if (origin === undefined) return true;
  if (publicOrigin !== null) return origin === publicOrigin;
  if (!host) return false;
  try {
    const parsed = new URL(origin);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      parsed.host === host.toLowerCase()
    );
  } catch {
    return false;
  }
}
