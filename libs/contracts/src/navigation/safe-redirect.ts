/** Any origin will do: it only anchors the parse, and a target that leaves it is refused. */
const ANCHOR = 'http://animata.invalid';

/**
 * The post-login destination from the `url` parameter (account-and-auth §2.4): only same-site
 * paths are followed; other hosts, protocol-relative and scheme URLs go to the fallback. The
 * answer is the WHATWG parser's serialisation, so it is plain ASCII (characters outside it
 * percent-encoded, lone surrogates as U+FFFD): a Location header always accepts it.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string') return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // A control character or backslash anywhere can make browsers read a host.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, ANCHOR);
  } catch {
    return fallback;
  }
  if (parsed.origin !== ANCHOR) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
