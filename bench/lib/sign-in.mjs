// Signing a bench's customer in through the app's own API, as a browser would.

/** The origin the benches' apps are configured with (PUBLIC_URL): their writes must name it. */
export const BENCH_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Registers the customer (or logs in when it exists already, on a database used before) and
 * answers its session cookie as a Cookie header pair.
 */
export async function signIn(url, email, password) {
  const post = (route, body) =>
    fetch(new URL(route, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
      body: JSON.stringify(body),
    });
  let answer = await post('/api/animata/auth/register', { name: 'Bench', email, password });
  if (answer.status !== 200) answer = await post('/api/animata/auth/login', { email, password });
  if (answer.status !== 200)
    throw new Error(`signing the bench customer in answered ${answer.status}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('__Host-animata_session='));
  if (!cookie) throw new Error('no session cookie in the sign-in answer');
  return cookie;
}
