/**
 * Route paths both sides agree on. `{product}` in the spec's paths is `animata`, so `{api}` is
 * `/api/animata`; gateway segments are `stripe` (card) and `paypal` (wallet).
 */
export const PRODUCT = 'animata';
export const API_ROOT = '/api';
export const API_BASE = `${API_ROOT}/${PRODUCT}` as const;

export const CARD_GATEWAY_SEGMENT = 'stripe';
export const WALLET_GATEWAY_SEGMENT = 'paypal';

export const apiPaths = {
  health: `${API_ROOT}/health`,
  healthReady: `${API_ROOT}/health/ready`,
  metrics: '/metrics',
  appAuthorize: `${API_ROOT}/app-auth/authorize`,
  appAuthInfo: `${API_ROOT}/app-auth/info`,
  appToken: `${API_ROOT}/app-auth/token`,
  /** RFC 8414 metadata of the authorization server: where OAuth client libraries discover it. */
  oauthMetadata: '/.well-known/oauth-authorization-server',
  apiV1: `${API_ROOT}/v1`,
  session: `${API_BASE}/session`,
  devOutbox: `${API_ROOT}/dev/outbox`,
} as const;

/** Pages of the web app that other code links to. */
export const pagePaths = {
  home: '/',
  login: '/auth/login',
  register: '/auth/register',
  recoverPassword: '/auth/recover-password',
  confirmEmail: '/auth/confirm-email',
  resetPassword: '/auth/reset-password',
  verifyEmail: '/auth/verify-email',
  strongPassword: '/auth/strong-password',
  logout: '/auth/logout',
  account: '/account',
  changePassword: '/account/change-password',
  billing: '/billing',
  invoices: '/invoices',
  team: '/team',
  ownApps: '/own-apps',
  otherApps: '/other-apps',
  /** The third-party app authorization screen (account-and-auth §2.7): `?appId=ai_…`. */
  appAuth: '/app-auth',
  pricing: '/pricing',
  /** The checkout dialog over the pricing page: period monthly|annual, product. */
  pay: '/pay/:period/:product',
  /** The upgrade dialog: method card|paypal. */
  upgrade: '/upgrade/:method/:period/:product',
  cookies: '/cookies',
  confirmEmailChange: '/auth/confirm-email-change',
  devOutbox: '/dev/outbox',
  // The projects dashboard (projects-dashboard §2).
  folder: '/folder/:folder',
  label: '/label/:label',
  teamProjects: '/team/:team',
  teamFolder: '/team/:team/:folder',
  sharedWithMe: '/shared-with-me',
  /** The team invite e-mail's link (issue 30): accept or refuse, or sign in / sign up through it. */
  teamInvite: '/team-invite/:token',
  /** The ownership-transfer e-mail's link (issue 30): one side's confirmation. */
  teamTransfer: '/team-transfer/:token',
  /** A share invite e-mail's link (issue 31): accept or refuse, or sign in / sign up through it. */
  shareInvite: '/share-invite/:token',
  /** A public project's link (issue 31): plays for anyone while public, unexpired, unlocked. */
  publicProject: '/p/:id',
  renders: '/renders/',
  /** A project's page: `/{id}`. */
  project: '/:id',
  /** Starts social sign-in (`?redirectTo=`); fill `:provider` with fillPath. */
  socialSignIn: '/auth/social/:provider',
} as const;
