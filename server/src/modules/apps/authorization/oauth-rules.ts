import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: a verifier is 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Whether `verifier` is the one behind an S256 `challenge`: BASE64URL(SHA256(verifier)), in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** The client's credentials and how they came. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Basic: a refusal is a 401 with `WWW-Authenticate: Basic` (RFC 6749 §5.2). */
  via: 'basic' | 'body';
}

export type ClientCredentialsResult =
  | { kind: 'credentials'; credentials: ClientCredentials }
  /** No id and secret pair at all (or half of one in the body): invalid_client. */
  | { kind: 'none' }
  /** A Basic header that is no id and secret pair: invalid_client with the Basic challenge. */
  | { kind: 'bad-basic' }
  /** A secret both ways, or a body client_id other than Basic's (RFC 6749 §2.3: one method). */
  | { kind: 'both' };

function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The client's credentials from `Authorization: Basic` (id and secret each form-URL-encoded
 * before the base64, RFC 6749 §2.3.1) or from `client_id` and `client_secret` in the body. Some
 * client libraries repeat the client_id in the body beside Basic; the same id is accepted.
 */
export function clientCredentials(
  authorization: string | undefined,
  body: { client_id?: string; client_secret?: string },
): ClientCredentialsResult {
  if (authorization !== undefined && /^Basic(\s|$)/i.test(authorization)) {
    const basic = authorization.match(/^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i);
    if (!basic) return { kind: 'bad-basic' };
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { kind: 'bad-basic' };
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (clientId === null || clientSecret === null) return { kind: 'bad-basic' };
    if (body.client_secret !== undefined) return { kind: 'both' };
    if (body.client_id !== undefined && body.client_id !== clientId) return { kind: 'both' };
    return { kind: 'credentials', credentials: { clientId, clientSecret, via: 'basic' } };
  }
  if (body.client_id === undefined || body.client_secret === undefined) return { kind: 'none' };
  return {
    kind: 'credentials',
    credentials: { clientId: body.client_id, clientSecret: body.client_secret, via: 'body' },
  };
}

/** `Authorization: Bearer <token>` (RFC 6750 §2.1), or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = authorization?.match(/^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i);
  return match ? match[1]! : null;
}

/** Whether the request tried the Bearer scheme at all (any token, even a malformed one). */
export function hasBearerScheme(authorization: string | undefined): boolean {
  return authorization !== undefined && /^Bearer(\s|$)/i.test(authorization);
}

/** The realm of every challenge we send (Basic's too). */
export const AUTH_REALM = 'animata';

/**
 * RFC 6750 §3's challenge of a refused resource request: `invalid_token` when a bearer token came
 * and was malformed, unknown, expired or revoked; no error code at all when none came (§3.1), so
 * a client can tell "authenticate first" from "your token is bad".
 */
export function bearerChallenge(tokenCame: boolean): string {
  return tokenCame
    ? `Bearer realm="${AUTH_REALM}", error="invalid_token"`
    : `Bearer realm="${AUTH_REALM}"`;
}
