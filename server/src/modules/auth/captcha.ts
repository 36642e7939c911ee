/**
 * reCAPTCHA v3 on login, registration and payments. With no secret key configured the check is
 * skipped, silently (account-and-auth §7). With one, a missing or low-scoring token fails.
 */
export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string | undefined, action: string, remoteIp: string | null): Promise<boolean>;
}

export class DisabledCaptcha implements CaptchaVerifier {
  readonly enabled = false;
  async verify(): Promise<boolean> {
    return true;
  }
}

interface SiteVerifyResponse {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/** Google's siteverify protocol; the URL is configurable so tests run a local server. */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly enabled = true;

  constructor(
    private readonly options: {
      secretKey: string;
      verifyUrl: string;
      minScore: number;
      timeoutMs?: number;
    },
  ) {}

  async verify(
    token: string | undefined,
    action: string,
    remoteIp: string | null,
  ): Promise<boolean> {
    if (!token) return false;
    const body = new URLSearchParams({ secret: this.options.secretKey, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const response = await fetch(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return false;
      const result = (await response.json()) as SiteVerifyResponse;
      return (
        result.success === true &&
        (result.action === undefined || result.action === action) &&
        (result.score === undefined || result.score >= this.options.minScore)
      );
    } catch {
      return false;
    }
  }
}
