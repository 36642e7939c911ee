/**
 * Redirect URIs that must NOT match `registered` (an exact-match registration such as
 * `http://127.0.0.1:PORT/callback`): other schemes, hosts, ports, paths, userinfo and encoding
 * tricks. The authorization server's integration test and the web's browser test both feed
 * every one to the consent flow and expect zero redirects off the registered list.
 */
export const REDIRECT_VARIANT_COUNT = 100;

export function redirectVariants(registered: string): string[] {
  const url = new URL(registered);
  const scheme = url.protocol.replace(/:$/, '');
  const host = url.hostname;
  const port = url.port === '' ? (scheme === 'https' ? 443 : 80) : Number(url.port);
  const hp = `${host}:${port}`;
  const path = url.pathname;
  const upperPath = path.toUpperCase() === path ? `${path}X` : path.toUpperCase();
  const capitalised = path.replace(/^\/(.)/, (_m, c: string) => `/${c.toUpperCase()}`);
  const encodedFirst = path.replace(
    /^\/(.)/,
    (_m, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

  const candidates = [
    // (No raw NUL: the BFF's body parser refuses it with 400 before any rule; %00 stands for it.)
    // Schemes.
    `${scheme === 'https' ? 'http' : 'https'}://${hp}${path}`,
    `javascript://${hp}${path}%0aalert(1)`,
    `javascript:alert(document.domain)//${hp}${path}`,
    `data:text/html,<script>alert(1)</script>`,
    `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`,
    `file://${host}${path}`,
    `file:///etc/passwd`,
    `ftp://${hp}${path}`,
    `ws://${hp}${path}`,
    `wss://${hp}${path}`,
    `${scheme}s://${hp}${path}`,
    `${scheme.toUpperCase()}://${hp}${path}`,
    `${scheme}:/${hp}${path}`,
    `${scheme}:${hp}${path}`,
    `//${hp}${path}`,
    `${scheme}:///${hp}${path}`,
    `vbscript:msgbox(1)`,
    `blob:${scheme}://${hp}/uuid`,
    // Hosts.
    `${scheme}://localhost:${port}${path}`,
    `${scheme}://LOCALHOST:${port}${path}`,
    `${scheme}://[::1]:${port}${path}`,
    `${scheme}://[::ffff:127.0.0.1]:${port}${path}`,
    `${scheme}://127.0.0.2:${port}${path}`,
    `${scheme}://0.0.0.0:${port}${path}`,
    `${scheme}://2130706433:${port}${path}`,
    `${scheme}://0x7f000001:${port}${path}`,
    `${scheme}://0177.0.0.1:${port}${path}`,
    `${scheme}://127.1:${port}${path}`,
    `${scheme}://127.0.1:${port}${path}`,
    `${scheme}://evil.test:${port}${path}`,
    `${scheme}://evil.test${path}`,
    `${scheme}://${host}.evil.test:${port}${path}`,
    `${scheme}://evil.test#@${hp}${path}`,
    `${scheme}://evil.test?@${hp}${path}`,
    `${scheme}://evil.test\\@${hp}${path}`,
    `${scheme}://${host}.:${port}${path}`,
    `${scheme}://${host}%2e:${port}${path}`,
    `${scheme}://${host}%00.evil.test:${port}${path}`,
    `${scheme}://${host.toUpperCase()}X:${port}${path}`,
    `${scheme}://evil.test/${hp}${path}`,
    `${scheme}://${host.replace(/1/g, '\u0661')}:${port}${path}`,
    `${scheme}://${host.replace(/\./g, '\u3002')}:${port}${path}`,
    `${scheme}://\uff11\uff12\uff17.0.0.1:${port}${path}`,
    `${scheme}://xn--80ak6aa92e.com:${port}${path}`,
    // Ports.
    `${scheme}://${host}${path}`,
    `${scheme}://${host}:${path}`,
    `${scheme}://${host}:0${path}`,
    `${scheme}://${host}:80${path}`,
    `${scheme}://${host}:443${path}`,
    `${scheme}://${host}:${port + 1}${path}`,
    `${scheme}://${host}:${port - 1}${path}`,
    `${scheme}://${host}:0${port}${path}`,
    `${scheme}://${host}:00${port}${path}`,
    `${scheme}://${host}:${port}0${path}`,
    `${scheme}://${host}:${port + 65536}${path}`,
    `${scheme}://${host}:${port}:${port}${path}`,
    `${scheme}://${host}:+${port}${path}`,
    // Paths.
    `${scheme}://${hp}${path}/`,
    `${scheme}://${hp}${capitalised}`,
    `${scheme}://${hp}${upperPath}`,
    `${scheme}://${hp}${path}/../evil`,
    `${scheme}://${hp}${path}/..%2fevil`,
    `${scheme}://${hp}${path}%2f..`,
    `${scheme}://${hp}${path}%2F..%2Fevil`,
    `${scheme}://${hp}${path}x`,
    `${scheme}://${hp}//evil.test`,
    `${scheme}://${hp}//evil.test${path}`,
    `${scheme}://${hp}${path};x`,
    `${scheme}://${hp}${path}?x=1`,
    `${scheme}://${hp}${path}?`,
    `${scheme}://${hp}${path}#x`,
    `${scheme}://${hp}${path}#`,
    `${scheme}://${hp}${encodedFirst}`,
    `${scheme}://${hp}${path}%252f..%252fevil`,
    `${scheme}://${hp}${path}%2500`,
    `${scheme}://${hp}${path}%00`,
    `${scheme}://${hp}${path}\\`,
    `${scheme}://${hp}${path.replace(/\//g, '\\')}`,
    `${scheme}:\\\\${hp}${path}`,
    `${scheme}://${hp}${path}.`,
    `${scheme}://${hp}/.${path}`,
    `${scheme}://${hp}/./${path.slice(1)}`,
    `${scheme}://${hp}/x/..${path}`,
    ` ${scheme}://${hp}${path}`,
    `${scheme}://${hp}${path} `,
    `${scheme}://${hp}${path}%20`,
    `${scheme}://${hp}${path}\t`,
    `${scheme}://${hp}${path}\n`,
    `${scheme}://${hp}${path}\r\nLocation: http://evil.test`,
    `${scheme}://${hp}${path}%0d%0aLocation:%20http://evil.test`,
    `${scheme}://${hp}${path}\u00a0`,
    `${scheme}://${hp}${path.replace(/o/g, '\u043e').replace(/a/g, '\u0430')}x`,
    `${scheme}://${hp}${path}\u200b`,
    `${scheme}://${hp}${path}\uff0f`,
    `${scheme}://${hp}${path}/%2e%2e/evil`,
    // Userinfo.
    `${scheme}://evil.test@${hp}${path}`,
    `${scheme}://${hp}@evil.test${path}`,
    `${scheme}://user:pass@${hp}${path}`,
    `${scheme}://${host}@${hp}${path}`,
    `${scheme}://@${hp}${path}`,
    `${scheme}://${hp}%40evil.test${path}`,
    `${scheme}://${host}%40evil.test:${port}${path}`,
    `${scheme}://evil.test%2523@${hp}${path}`,
  ];

  const variants = [...new Set(candidates)].filter((uri) => uri !== registered);
  if (variants.length < REDIRECT_VARIANT_COUNT) {
    throw new Error(
      `redirectVariants made only ${variants.length} distinct variants of ${registered}`,
    );
  }
  return variants.slice(0, REDIRECT_VARIANT_COUNT);
}
