import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_IMPORT_RATES } from '@animata/contracts';

/**
 * One validated configuration, parsed once at boot. Every variable is optional: with none set the
 * product runs on its embedded defaults (ARCHITECTURE.md "Real parts, and the embedded default").
 */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  /** 127.0.0.1 unless HOST says otherwise; 0.0.0.0 in production (a container, a load balancer). */
  host: string;
  port: number;
  /** The Prometheus scrape's own address (METRICS_HOST, METRICS_PORT): never the public port. */
  metricsHost: string;
  metricsPort: number;
  /** The public origin of this site, used for links in mail and for same-origin checks. */
  publicUrl: string;
  /** False when PUBLIC_URL was not set and publicUrl is only the local default. */
  publicUrlExplicit: boolean;
  dataDir: string;
  databaseUrl: string | null;
  embeddedPostgresPort: number;
  redisUrl: string | null;
  /** Prefix of every Redis key (BullMQ queues, rate limits), so tests and tenants can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The key the dev outbox asks for (DEV_OUTBOX_KEY, else random at each start); null in
   * production, where there is no outbox to read.
   */
  devOutboxKey: string | null;
  /**
   * The key of signed render share URLs (SHARE_LINK_SECRET, at least 32 characters; else random
   * at each start, which ends the links made before a restart). Decision 282.
   */
  shareLinkSecret: string;
  storageDir: string;
  /** S3 (or S3-compatible) file storage instead of storageDir; null when S3_BUCKET is not set. */
  s3: S3Config | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Run the job workers inside the web process (npm start) or not (scaled-out web nodes). */
  runWorkers: boolean;
  /** Serve the Remix pages from this process. */
  serveWeb: boolean;
  webBuildDir: string;
  /** Seed the demo customer on first start. */
  seedDemo: boolean;
  /** Where the account page links to; they differ by environment (account-and-auth §2.1). */
  links: { marketingSite: string; editor: string };
  /**
   * Analytics (billing-teams-apps §7 Tracking): with a Google Tag Manager container id the
   * pages load it and push their events to its data layer; null (the default) turns that off.
   */
  analytics: { tagManagerId: string | null };
  shutdownTimeoutMs: number;
  /**
   * Renders of one customer in the render queue's hands at a time (RENDERS_PER_CUSTOMER, default
   * 1): the rest wait in the customer's line, so nobody's many renders delay another's one.
   */
  rendersPerCustomer: number;
  /** How often the render recovery sweep runs (RENDERS_RECOVER_EVERY_MS, default a minute). */
  rendersRecoverEveryMs: number;
  /**
   * A render whose process says nothing (no frame, no end) for this long is stopped and tried
   * again (RENDERS_STALL_MS, default 5 minutes): a hung Chromium never holds a worker for good.
   */
  rendersStallMs: number;
  /** Largest request body accepted, for the API and for Remix form posts alike. */
  bodyLimitBytes: number;
  /** JSON bodies of the API and form posts of the pages: far below bodyLimitBytes (uploads). */
  jsonBodyLimitBytes: number;
  /** Which proxies' X-Forwarded-For to believe (Fastify trustProxy): addresses, CIDRs or true. */
  trustProxy: boolean | string;
  auth: AuthConfig;
  /** reCAPTCHA v3; null turns the check off, silently. */
  recaptcha: { siteKey: string; secretKey: string; verifyUrl: string; minScore: number } | null;
  social: {
    google:
      | (OAuthProviderConfig & { clientId: string; clientSecret: string; userInfoUrl: string })
      | null;
    facebook:
      (OAuthProviderConfig & { appId: string; appSecret: string; profileUrl: string }) | null;
  };
  billing: BillingConfig;
  /** The seller printed on every invoice PDF (issue 30): SELLER_* variables. */
  seller: SellerConfig;
  uploads: UploadsConfig;
  /** Public links of projects (issue 31). */
  publicLinks: {
    /** Password tries on public links per client address (RATE_LIMIT_PUBLIC_UNLOCK). */
    unlockRate: RateRule;
    /** Password tries on one public link from all addresses (RATE_LIMIT_PUBLIC_UNLOCK_PROJECT). */
    unlockProjectRate: RateRule;
  };
  shareInvites: ShareInvitesConfig;
  /** The render pipeline's programs (issue 32): CHROMIUM_PATH, FFMPEG_PATH, FFPROBE_PATH. */
  renderer: { chromiumPath: string; ffmpegPath: string; ffprobePath: string };
}

/** Share invites (issue 31): how many a customer may send (RATE_LIMIT_SHARE_INVITE). */
export interface ShareInvitesConfig {
  rateLimit: RateRule;
}

/** Who sells, as the invoice PDFs say it. Address lines come from `\n` in SELLER_ADDRESS. */
export interface SellerConfig {
  name: string;
  addressLines: string[];
  email: string;
  /** A VAT or tax number; null prints none. */
  taxId: string | null;
}

/** Avatar and import uploads (issue 28): the worker pool and the per-customer limits. */
export interface UploadsConfig {
  /** Threads of the pool that parses and sanitises uploads and previews (WORKER_THREADS). */
  workerThreads: number;
  rateLimits: {
    /** Every avatar upload, refused or not. */
    avatar: RateRule;
    /** Accepted imports an hour (RATE_LIMIT_IMPORT). */
    import: RateRule;
    /** Accepted imports a minute (RATE_LIMIT_IMPORT_BURST). */
    importBurst: RateRule;
    /** Refused imports an hour (RATE_LIMIT_IMPORT_REFUSED): each still costs parsing work. */
    importRefused: RateRule;
    /** Each kind for an account whose e-mail address is not verified yet. */
    unverified: RateRule;
  };
}

/**
 * The payment gateways (billing-teams-apps §7). A null gateway runs its sandbox, the embedded
 * default. Plan ids are ours ('pro-annual'); the maps give each gateway's own price or plan id,
 * from STRIPE_PRICE_<PLAN_ID> / BRAINTREE_PLAN_<PLAN_ID> (plan id in upper snake case).
 */
export interface BillingConfig {
  stripe: {
    secretKey: string;
    publishableKey: string;
    /** Null: webhooks are refused (nothing can verify them). */
    webhookSecret: string | null;
    /** Another Stripe API origin (the local test server); null for Stripe itself. */
    apiUrl: string | null;
    priceIds: Record<string, string>;
    /** Charge attempts of an unpaid invoice, as Stripe's retry settings make (past due until then). */
    attemptLimit: number;
  } | null;
  braintree: {
    merchantId: string;
    publicKey: string;
    privateKey: string;
    environment: 'sandbox' | 'production' | 'development' | 'qa';
    /** Another Braintree API origin (the local test server); null for the environment's own. */
    apiUrl: string | null;
    planIds: Record<string, string>;
  } | null;
}

/** 'STRIPE_PRICE_TEAM_SLOT_ANNUAL' → 'team-slot-annual', from every variable with the prefix. */
export function planIdMap(env: Record<string, string | undefined>, prefix: string) {
  const map: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(prefix) || value === undefined || value.trim() === '') continue;
    map[name.slice(prefix.length).toLowerCase().replace(/_/g, '-')] = value.trim();
  }
  return map;
}

export interface S3Config {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2…); null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible services want. */
  forcePathStyle: boolean;
}

export interface OAuthProviderConfig {
  authorizationUrl: string;
  tokenUrl: string;
}

export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface AuthConfig {
  /**
   * Failed password checks within lockWindowMs after which a signed-in password check (change of
   * password) answers 429. Logins are never locked (unknown devices get an e-mail code instead).
   */
  lockThreshold: number;
  lockWindowMs: number;
  rateLimits: {
    login: RateRule;
    register: RateRule;
    recovery: RateRule;
    twoFactor: RateRule;
    twoFactorCode: RateRule;
    /** Sign-in mails (reset, verification, two-factor codes) to one address, whoever asks. */
    mailRecipient: RateRule;
  };
  twoFactor: { failuresBeforeUnknownDeviceCheck: number; registrationsBeforeCheck: number };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Finds the repository root from this file, in src/ or in the compiled dist/. */
export function repositoryRoot(): string {
  // server/src/config -> repo, or server/dist/server/src/config -> repo
  const here = path.dirname(new URL(import.meta.url).pathname);
  const marker = `${path.sep}server${path.sep}`;
  const at = here.indexOf(marker);
  return at === -1 ? process.cwd() : here.slice(0, at);
}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const root = repositoryRoot();

  const text = (name: string): string | null => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? null : value.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = text(name);
    if (raw === null) return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false, got "${raw}".`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = text(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL.`);
      return null;
    }
  };

  const rawEnv = text('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(rawEnv)) {
    problems.push(`NODE_ENV must be development, production or test, got "${rawEnv}".`);
  }
  const appEnv = (
    ['development', 'production', 'test'].includes(rawEnv) ? rawEnv : 'development'
  ) as AppConfig['env'];

  const port = integer('PORT', 3000, 0, 65535);
  // Development listens on this machine only: what it serves (the dev outbox, a demo account
  // whose password is on the console) is for its developer. Production serves everyone.
  const host = text('HOST') ?? (appEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  const outboxKey = text('DEV_OUTBOX_KEY');
  if (outboxKey !== null && outboxKey.length < 16)
    problems.push('DEV_OUTBOX_KEY must be at least 16 characters long.');
  const shareLinkSecret = text('SHARE_LINK_SECRET');
  if (shareLinkSecret !== null && shareLinkSecret.length < 32)
    problems.push('SHARE_LINK_SECRET must be at least 32 characters long.');
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port || 3000}`;
  const dataDir = path.resolve(root, text('DATA_DIR') ?? '.data');
  const rawLevel = text('LOG_LEVEL') ?? (appEnv === 'test' ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(rawLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${rawLevel}".`);
  }

  const config: AppConfig = {
    env: appEnv,
    host,
    port,
    metricsHost: text('METRICS_HOST') ?? '127.0.0.1',
    // Tests boot many apps at once: each gets a free port unless one is asked for.
    metricsPort: integer('METRICS_PORT', appEnv === 'test' ? 0 : 9464, 0, 65535),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    publicUrlExplicit: text('PUBLIC_URL') !== null,
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedPostgresPort: integer('EMBEDDED_POSTGRES_PORT', 54329, 1024, 65535),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: text('REDIS_PREFIX') ?? 'animata',
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text('MAIL_FROM') ?? 'Animata <no-reply@animata.local>',
    devOutboxKey:
      appEnv === 'production' ? null : (outboxKey ?? randomBytes(24).toString('base64url')),
    shareLinkSecret: shareLinkSecret ?? randomBytes(32).toString('base64url'),
    storageDir: path.resolve(root, text('STORAGE_DIR') ?? path.join(dataDir, 'files')),
    // Debian's packages by default (apt-get install chromium ffmpeg); a missing one fails the
    // render job with a message naming what to install, never the start.
    renderer: {
      chromiumPath: text('CHROMIUM_PATH') ?? '/usr/bin/chromium',
      ffmpegPath: text('FFMPEG_PATH') ?? '/usr/bin/ffmpeg',
      ffprobePath: text('FFPROBE_PATH') ?? '/usr/bin/ffprobe',
    },
    logLevel: ((LOG_LEVELS as readonly string[]).includes(rawLevel)
      ? rawLevel
      : 'info') as AppConfig['logLevel'],
    runWorkers: bool('RUN_WORKERS', true),
    serveWeb: bool('SERVE_WEB', true),
    webBuildDir: path.resolve(root, text('WEB_BUILD_DIR') ?? 'web/build'),
    seedDemo: bool('SEED_DEMO', appEnv !== 'test'),
    links: {
      marketingSite: url('MARKETING_SITE_URL', ['http:', 'https:']) ?? publicUrl,
      // The editor is another app; the spec's own address for it is /editor#/ on this site.
      editor: url('EDITOR_URL', ['http:', 'https:']) ?? `${publicUrl.replace(/\/+$/, '')}/editor#/`,
    },
    analytics: { tagManagerId: null },
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    rendersPerCustomer: integer('RENDERS_PER_CUSTOMER', 1, 1, 100),
    rendersRecoverEveryMs: integer('RENDERS_RECOVER_EVERY_MS', 60_000, 1_000, 3_600_000),
    rendersStallMs: integer('RENDERS_STALL_MS', 300_000, 1_000, 3_600_000),
    // Avatar uploads: a 5 MiB image plus the multipart framing (decision 64).
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 6 * 1_048_576, 1024, 100 * 1_048_576),
    jsonBodyLimitBytes: integer('FORM_BODY_LIMIT_BYTES', 65_536, 1024, 100 * 1_048_576),
    // Filled in below, after the simple values.
    trustProxy: 'loopback',
    auth: undefined as unknown as AuthConfig,
    s3: null,
    recaptcha: null,
    social: { google: null, facebook: null },
    billing: { stripe: null, braintree: null },
    seller: {
      name: text('SELLER_NAME') ?? 'Animata',
      addressLines: (text('SELLER_ADDRESS') ?? 'animata.local')
        .split(/\\n|\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ''),
      email: text('SELLER_EMAIL') ?? 'billing@animata.local',
      taxId: text('SELLER_TAX_ID'),
    },
    uploads: undefined as unknown as UploadsConfig,
    shareInvites: undefined as unknown as ShareInvitesConfig,
    publicLinks: undefined as unknown as AppConfig['publicLinks'],
  };
  /** "N/S": N requests per S seconds. */
  const rate = (name: string, fallback: RateRule): RateRule => {
    const raw = text(name);
    if (raw === null) return fallback;
    const match = /^(\d+)\/(\d+)$/.exec(raw);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      problems.push(`${name} must look like 20/60 (requests per seconds), got "${raw}".`);
      return fallback;
    }
    return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
  };
  const pair = (a: string, b: string): [string, string] | null => {
    const first = text(a);
    const second = text(b);
    if (first === null && second === null) return null;
    if (first === null || second === null) {
      problems.push(`${a} and ${b} must be set together.`);
      return null;
    }
    return [first, second];
  };
  const rawTrust = text('TRUST_PROXY') ?? 'loopback';
  config.trustProxy = /^(true|false)$/i.test(rawTrust)
    ? rawTrust.toLowerCase() === 'true'
    : rawTrust;
  config.auth = {
    lockThreshold: integer('AUTH_LOCK_THRESHOLD', 10, 1, 1000),
    lockWindowMs: integer('AUTH_LOCK_MINUTES', 15, 1, 24 * 60) * 60_000,
    rateLimits: {
      login: rate('RATE_LIMIT_LOGIN', { limit: 30, windowMs: 60_000 }),
      register: rate('RATE_LIMIT_REGISTER', { limit: 10, windowMs: 3_600_000 }),
      recovery: rate('RATE_LIMIT_RECOVERY', { limit: 10, windowMs: 3_600_000 }),
      twoFactor: rate('RATE_LIMIT_TWO_FACTOR', { limit: 20, windowMs: 3_600_000 }),
      twoFactorCode: rate('RATE_LIMIT_TWO_FACTOR_CODE', { limit: 60, windowMs: 3_600_000 }),
      mailRecipient: rate('RATE_LIMIT_MAIL_RECIPIENT', { limit: 10, windowMs: 3_600_000 }),
    },
    twoFactor: {
      failuresBeforeUnknownDeviceCheck: integer('TFA_AFTER_FAILURES', 3, 1, 1000),
      registrationsBeforeCheck: integer('TFA_AFTER_REGISTRATIONS', 3, 0, 1000),
    },
  };
  // Enough for typos, far too few to guess a password (issue 31).
  config.publicLinks = {
    unlockRate: rate('RATE_LIMIT_PUBLIC_UNLOCK', { limit: 10, windowMs: 300_000 }),
    // Many addresses guessing at one link (a botnet) meet this one.
    unlockProjectRate: rate('RATE_LIMIT_PUBLIC_UNLOCK_PROJECT', {
      limit: 50,
      windowMs: 3_600_000,
    }),
  };
  config.uploads = {
    // One thread on two cores leaves the other to the event loop and the database.
    workerThreads: integer(
      'WORKER_THREADS',
      Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      1,
      64,
    ),
    rateLimits: {
      avatar: rate('RATE_LIMIT_AVATAR', { limit: 30, windowMs: 3_600_000 }),
      import: rate('RATE_LIMIT_IMPORT', PROJECT_IMPORT_RATES.hourly),
      importBurst: rate('RATE_LIMIT_IMPORT_BURST', PROJECT_IMPORT_RATES.burst),
      importRefused: rate('RATE_LIMIT_IMPORT_REFUSED', PROJECT_IMPORT_RATES.refused),
      unverified: rate('RATE_LIMIT_UPLOAD_UNVERIFIED', { limit: 10, windowMs: 3_600_000 }),
    },
  };
  config.shareInvites = {
    // Mail to addresses that never asked for it: a customer's sending is capped.
    rateLimit: rate('RATE_LIMIT_SHARE_INVITE', { limit: 60, windowMs: 3_600_000 }),
  };
  const tagManagerId = text('GOOGLE_TAG_MANAGER_ID');
  if (tagManagerId !== null && !/^GTM-[A-Z0-9]{1,16}$/.test(tagManagerId)) {
    problems.push(`GOOGLE_TAG_MANAGER_ID must look like GTM-ABC123, got "${tagManagerId}".`);
  } else {
    config.analytics = { tagManagerId };
  }
  const recaptcha = pair('RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY');
  const minScore = Number(text('RECAPTCHA_MIN_SCORE') ?? '0.5');
  if (!(minScore >= 0 && minScore <= 1))
    problems.push('RECAPTCHA_MIN_SCORE must be a number from 0 to 1.');
  config.recaptcha = recaptcha
    ? {
        siteKey: recaptcha[0],
        secretKey: recaptcha[1],
        verifyUrl:
          url('RECAPTCHA_VERIFY_URL', ['http:', 'https:']) ??
          'https://www.google.com/recaptcha/api/siteverify',
        minScore,
      }
    : null;
  const google = pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  const facebook = pair('FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET');
  config.social = {
    google: google
      ? {
          clientId: google[0],
          clientSecret: google[1],
          authorizationUrl:
            url('GOOGLE_AUTHORIZATION_URL', ['http:', 'https:']) ??
            'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl:
            url('GOOGLE_TOKEN_URL', ['http:', 'https:']) ??
            'https://www.googleapis.com/oauth2/v4/token',
          userInfoUrl:
            url('GOOGLE_USERINFO_URL', ['http:', 'https:']) ??
            'https://www.googleapis.com/oauth2/v3/userinfo',
        }
      : null,
    facebook: facebook
      ? {
          appId: facebook[0],
          appSecret: facebook[1],
          authorizationUrl:
            url('FACEBOOK_AUTHORIZATION_URL', ['http:', 'https:']) ??
            'https://www.facebook.com/v19.0/dialog/oauth',
          tokenUrl:
            url('FACEBOOK_TOKEN_URL', ['http:', 'https:']) ??
            'https://graph.facebook.com/v19.0/oauth/access_token',
          profileUrl:
            url('FACEBOOK_PROFILE_URL', ['http:', 'https:']) ??
            'https://graph.facebook.com/v19.0/me',
        }
      : null,
  };
  const s3Bucket = text('S3_BUCKET');
  const s3Keys = pair('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
  const s3Endpoint = url('S3_ENDPOINT', ['http:', 'https:']);
  const s3Region = text('S3_REGION') ?? 'us-east-1';
  const s3PathStyle = bool('S3_FORCE_PATH_STYLE', false);
  if (s3Bucket !== null) {
    // S3's bucket naming rules: 3 to 63 lowercase letters, digits, dots and hyphens.
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s3Bucket))
      problems.push(`S3_BUCKET must be a valid bucket name, got "${s3Bucket}".`);
    if (!/^[a-z0-9-]{2,32}$/.test(s3Region))
      problems.push(`S3_REGION must look like eu-west-1, got "${s3Region}".`);
    config.s3 = {
      bucket: s3Bucket,
      endpoint: s3Endpoint,
      region: s3Region,
      credentials: s3Keys ? { accessKeyId: s3Keys[0], secretAccessKey: s3Keys[1] } : null,
      forcePathStyle: s3PathStyle,
    };
  } else {
    const stray = [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ].filter((name) => text(name) !== null);
    if (stray.length > 0)
      problems.push(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not.`,
      );
  }
  const stripeSecret = text('STRIPE_SECRET_KEY');
  if (stripeSecret !== null) {
    const publishableKey = text('STRIPE_PUBLISHABLE_KEY');
    if (publishableKey === null)
      problems.push('STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY.');
    config.billing.stripe = {
      secretKey: stripeSecret,
      publishableKey: publishableKey ?? '',
      webhookSecret: text('STRIPE_WEBHOOK_SECRET'),
      apiUrl: url('STRIPE_API_URL', ['http:', 'https:']),
      priceIds: planIdMap(env, 'STRIPE_PRICE_'),
      attemptLimit: integer('STRIPE_ATTEMPT_LIMIT', 4, 1, 8),
    };
  } else {
    const stray = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'].filter(
      (name) => text(name) !== null,
    );
    if (stray.length > 0)
      problems.push(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but STRIPE_SECRET_KEY is not.`,
      );
  }
  const braintreeKeys = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'];
  const braintreeSet = braintreeKeys.filter((name) => text(name) !== null);
  const braintreeEnvironment = text('BRAINTREE_ENVIRONMENT') ?? 'sandbox';
  if (!['sandbox', 'production', 'development', 'qa'].includes(braintreeEnvironment))
    problems.push(
      `BRAINTREE_ENVIRONMENT must be sandbox, production, development or qa, got "${braintreeEnvironment}".`,
    );
  if (braintreeSet.length === braintreeKeys.length) {
    config.billing.braintree = {
      merchantId: text('BRAINTREE_MERCHANT_ID')!,
      publicKey: text('BRAINTREE_PUBLIC_KEY')!,
      privateKey: text('BRAINTREE_PRIVATE_KEY')!,
      environment: braintreeEnvironment as NonNullable<BillingConfig['braintree']>['environment'],
      apiUrl: url('BRAINTREE_API_URL', ['http:', 'https:']),
      planIds: planIdMap(env, 'BRAINTREE_PLAN_'),
    };
  } else if (braintreeSet.length > 0) {
    problems.push(`${braintreeKeys.join(', ')} must be set together.`);
  }
  if (!config.runWorkers && text('REDIS_URL') === null) {
    // Without Redis, jobs live in the memory of the process that queued them: nobody else can
    // run them, so a web process without workers would queue mail that is never sent.
    problems.push(
      'RUN_WORKERS=false needs REDIS_URL: without Redis, jobs run only in the process that queues them.',
    );
  }
  if (appEnv === 'production' && !text('PUBLIC_URL')) {
    problems.push('PUBLIC_URL is required in production (the https origin users reach).');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
