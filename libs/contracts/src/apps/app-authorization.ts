/**
 * Third-party app authorization (account-and-auth §7): POST /api/app-auth/authorize with the
 * app's id. The spec names no response fields ("fields handed to the requesting app"), so the
 * answer stays an open record until the apps issue decides them.
 */
export interface AppAuthorizeRequest {
  appId: string;
}

export type AppAuthorizeResponse = Record<string, unknown>;
