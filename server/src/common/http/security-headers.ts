import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Browser features the product does not use, off for our pages and anything they frame
 * (docs/decisions.md, "Permissions-Policy"). `payment` included: checkout adds the Payment
 * Request origins it needs (e.g. its card gateway's frame) when it adds wallets.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The policy of whatever is not a page (API answers, files): it may load and be framed by nothing. */
export const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Where reCAPTCHA v3 loads its scripts and frames from (Google's reCAPTCHA FAQ on CSP). */
const RECAPTCHA_SCRIPTS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const RECAPTCHA_FRAMES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/**
 * Kept by no cache, shared or the browser's own: pages and API answers depend on the session
 * (a signed-in page left in a shared cache, or in the back/forward history of a shared computer,
 * shows one customer's account to the next). What may be cached says so itself: the hashed
 * assets, the public files, avatars, project previews, the public coupon.
 */
const DEFAULT_CACHE_CONTROL = 'private, no-store';

/**
 * Sent with every answer: JSON, errors, redirects, files, pages. A route may still set its own
 * value; the Remix bridge adds `pageSecurityHeaders` to pages.
 */
const EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': NON_PAGE_CONTENT_SECURITY_POLICY,
  'cache-control': DEFAULT_CACHE_CONTROL,
};

/**
 * The headers every answer carries, in one place: an onRequest hook (callback style, no promise
 * per request) sets them before any route, filter or error handler runs, so API answers and their
 * errors get them with no code in the routes.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(EVERY_RESPONSE);
    done();
  });
}

/** A fresh CSP nonce: 128 random bits, base64 (one per page response). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Stripe.js and its Elements frames (Stripe's "Content Security Policy" guide): only when a
 * Stripe key is configured; the sandbox card gateway loads nothing from elsewhere.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: [] as string[],
};
/** The Braintree drop-in and its PayPal button (Braintree's CSP guide), with Braintree keys. */
const BRAINTREE_SOURCES = {
  script: [
    'https://js.braintreegateway.com',
    'https://assets.braintreegateway.com',
    'https://www.paypalobjects.com',
    'https://*.paypal.com',
  ],
  frame: ['https://assets.braintreegateway.com', 'https://*.paypal.com'],
  connect: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://*.braintree-api.com',
    'https://*.paypal.com',
  ],
  img: [
    'https://assets.braintreegateway.com',
    'https://checkout.paypal.com',
    'https://*.paypal.com',
  ],
};

/**
 * Google Tag Manager and the Google Analytics it usually loads (Google's "Use a Content Security
 * Policy" guide for Tag Manager): only when a container id is configured.
 */
const TAG_MANAGER_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  frame: [] as string[],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

export interface PagePolicyOptions {
  /** reCAPTCHA v3 runs on the sign-in pages (a site key is configured). */
  recaptcha: boolean;
  /** A Stripe publishable key is configured: the checkout loads Stripe.js and its frames. */
  cardGateway?: boolean;
  /** Braintree keys are configured: the checkout loads the drop-in and PayPal. */
  walletGateway?: boolean;
  /** A Google Tag Manager container id is configured: the signed-in pages load it. */
  tagManager?: boolean;
}

/**
 * What a page adds to `EVERY_RESPONSE`, given the response's nonce and the page's origin: its
 * Content-Security-Policy, the Permissions-Policy, and X-Frame-Options for browsers that predate
 * `frame-ancestors`. Headers that matter only to documents, so API answers do without them.
 */
export function pageSecurityHeaders(
  options: PagePolicyOptions,
): (nonce: string, origin: string, formAction?: readonly string[]) => Record<string, string> {
  const policy = pageContentSecurityPolicy(options);
  return (nonce, origin, formAction = []) => ({
    'content-security-policy': policy(nonce, origin, formAction),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
  });
}

/**
 * The Content-Security-Policy of a page (docs/decisions.md, "Content-Security-Policy of the
 * pages"): scripts only from our origin or inline with this response's nonce; the live channel
 * over ws/wss of the page's origin (`origin`, http or https). Forms post to our origin, and to
 * `formAction`'s sources where a page's form is answered by a redirect to another site.
 */
export function pageContentSecurityPolicy(
  options: PagePolicyOptions,
): (nonce: string, origin: string, formAction?: readonly string[]) => string {
  const gateways = [
    ...(options.cardGateway ? [STRIPE_SOURCES] : []),
    ...(options.walletGateway ? [BRAINTREE_SOURCES] : []),
    ...(options.tagManager ? [TAG_MANAGER_SOURCES] : []),
  ];
  const of = (kind: keyof typeof STRIPE_SOURCES) => gateways.flatMap((sources) => sources[kind]);
  const scripts = ["'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPTS : []), ...of('script')].join(
    ' ',
  );
  // Our pages frame nothing of their own (and nothing of ours may be framed, frame-ancestors).
  const frameSources = [...(options.recaptcha ? RECAPTCHA_FRAMES : []), ...of('frame')];
  const frames = frameSources.length > 0 ? frameSources.join(' ') : "'none'";
  const connect = of('connect')
    .map((source) => ` ${source}`)
    .join('');
  const fixed = [
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...of('img')].join(' '),
    "font-src 'self'",
    `frame-src ${frames}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  return (nonce, origin, formAction = []) =>
    `default-src 'self'; script-src ${scripts} 'nonce-${nonce}'; ` +
    `connect-src 'self' ${origin.replace(/^http/, 'ws')}${connect}; ${fixed}; ` +
    ["form-action 'self'", ...formAction].join(' ');
}

/**
 * The policy of the operators' queue dashboard under /admin/queues (decision
 * 291): bull-board's page runs its own scripts and styles from our origin and
 * sets inline styles; nothing from elsewhere (its Google Fonts link is taken out of the page).
 * Only that path gets it; the rest of the site keeps its own.
 */
export const QUEUE_DASHBOARD_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');
