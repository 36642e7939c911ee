/** A cookie's raw value in the request, or null when the request has none. */
export function requestCookie(request: Request, name: string): string | null {
  const prefix = `${name}=`;
  const part = (request.headers.get('cookie') ?? '')
    .split(/;\s*/)
    .find((entry) => entry.startsWith(prefix));
  return part === undefined ? null : part.slice(prefix.length);
}
