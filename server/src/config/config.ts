import path from 'node:path';

/**
 * One validated configuration, parsed once at boot. Every variable is optional: with none set the
 * product runs on its embedded defaults (ARCHITECTURE.md "Real parts, and the embedded default").
 */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
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
  storageDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Run the job workers inside the web process (npm start) or not (scaled-out web nodes). */
  runWorkers: boolean;
  /** Serve the Remix pages from this process. */
  serveWeb: boolean;
  webBuildDir: string;
  /** Seed the demo customer on first start. */
  seedDemo: boolean;
  shutdownTimeoutMs: number;
  /** Largest request body accepted, for the API and for Remix form posts alike. */
  bodyLimitBytes: number;
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
  const appEnv = (['development', 'production', 'test'].includes(rawEnv)
    ? rawEnv
    : 'development') as AppConfig['env'];

  const port = integer('PORT', 3000, 0, 65535);
  const host = text('HOST') ?? '0.0.0.0';
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
    publicUrl: publicUrl.replace(/\/+$/, ''),
    publicUrlExplicit: text('PUBLIC_URL') !== null,
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedPostgresPort: integer('EMBEDDED_POSTGRES_PORT', 54329, 1024, 65535),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: text('REDIS_PREFIX') ?? 'animata',
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text('MAIL_FROM') ?? 'Animata <no-reply@animata.local>',
    storageDir: path.resolve(root, text('STORAGE_DIR') ?? path.join(dataDir, 'files')),
    logLevel: ((LOG_LEVELS as readonly string[]).includes(rawLevel)
      ? rawLevel
      : 'info') as AppConfig['logLevel'],
    runWorkers: bool('RUN_WORKERS', true),
    serveWeb: bool('SERVE_WEB', true),
    webBuildDir: path.resolve(root, text('WEB_BUILD_DIR') ?? 'web/build'),
    seedDemo: bool('SEED_DEMO', appEnv !== 'test'),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
  };
  if (!config.runWorkers && text('REDIS_URL') === null) {
    // Without Redis, jobs live in the memory of the process that queued them: nobody else can
    // run them, so a web process without workers would queue mail that is never sent.
    problems.push('RUN_WORKERS=false needs REDIS_URL: without Redis, jobs run only in the process that queues them.');
  }
  if (appEnv === 'production' && !text('PUBLIC_URL')) {
    problems.push('PUBLIC_URL is required in production (the https origin users reach).');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
