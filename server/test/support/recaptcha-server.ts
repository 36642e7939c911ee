import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Speaks Google's reCAPTCHA siteverify protocol: form-encoded secret and response in, JSON with
 * success, score and action out. Tokens are 'good-<action>' (score 0.9), 'bot' (score 0.1);
 * anything else is invalid.
 */
export class RecaptchaServer {
  private server: Server | null = null;
  readonly requests: Array<{ secret: string; response: string; remoteip: string | null }> = [];

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const token = form.get('response') ?? '';
        this.requests.push({
          secret: form.get('secret') ?? '',
          response: token,
          remoteip: form.get('remoteip'),
        });
        const result = token.startsWith('good-')
          ? { success: true, score: 0.9, action: token.slice(5) }
          : token === 'bot'
            ? { success: true, score: 0.1, action: 'login' }
            : { success: false, 'error-codes': ['invalid-input-response'] };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
