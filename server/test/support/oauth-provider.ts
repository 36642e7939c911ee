import { OAuth2Server } from 'oauth2-mock-server';

export interface MockProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A local OAuth 2.0 / OpenID provider (oauth2-mock-server) standing in for Google or Facebook:
 * /authorize redirects straight back with a code, /token issues tokens, /userinfo answers the
 * profile the test sets.
 */
export class MockOAuthProvider {
  private readonly server = new OAuth2Server();
  profile: MockProfile = {
    sub: 'google-1',
    email: 'someone@example.com',
    email_verified: true,
    name: 'Some One',
  };

  async start(): Promise<void> {
    await this.server.issuer.keys.generate('RS256');
    await this.server.start(0, '127.0.0.1');
    this.server.service.on(
      'beforeUserinfo',
      (userInfoResponse: { body: unknown; statusCode: number }) => {
        userInfoResponse.body = { ...this.profile, id: this.profile.sub };
        userInfoResponse.statusCode = 200;
      },
    );
  }

  get url(): string {
    return this.server.issuer.url!.replace('localhost', '127.0.0.1');
  }

  /** The variables that point the app's Google sign-in at this server. */
  googleEnv(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: 'animata-test',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_AUTHORIZATION_URL: `${this.url}/authorize`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_USERINFO_URL: `${this.url}/userinfo`,
    };
  }

  facebookEnv(): Record<string, string> {
    return {
      FACEBOOK_APP_ID: 'animata-test',
      FACEBOOK_APP_SECRET: 'secret',
      FACEBOOK_AUTHORIZATION_URL: `${this.url}/authorize`,
      FACEBOOK_TOKEN_URL: `${this.url}/token`,
      FACEBOOK_PROFILE_URL: `${this.url}/userinfo`,
    };
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
