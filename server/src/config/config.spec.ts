import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, null);
    assert.equal(config.redisUrl, null);
    assert.equal(config.smtpUrl, null);
    assert.equal(config.publicUrl, 'http://localhost:3000');
    assert.equal(config.runWorkers, true);
  });

  it('finds the renderer’s programs where Debian puts them, or where CHROMIUM_PATH, FFMPEG_PATH and FFPROBE_PATH say', () => {
    assert.deepEqual(loadConfig({}).renderer, {
      chromiumPath: '/usr/bin/chromium',
      ffmpegPath: '/usr/bin/ffmpeg',
      ffprobePath: '/usr/bin/ffprobe',
    });
    assert.deepEqual(
      loadConfig({
        CHROMIUM_PATH: '/opt/chrome/chrome',
        FFMPEG_PATH: '/opt/ffmpeg/ffmpeg',
        FFPROBE_PATH: ' /opt/ffmpeg/ffprobe ',
      }).renderer,
      {
        chromiumPath: '/opt/chrome/chrome',
        ffmpegPath: '/opt/ffmpeg/ffmpeg',
        ffprobePath: '/opt/ffmpeg/ffprobe',
      },
    );
  });

  it('sizes the import limits for a dropped folder of 100 images, each one configurable', () => {
    const { importBurst, import: hourly, importRefused } = loadConfig({}).uploads.rateLimits;
    assert.deepEqual(importBurst, { limit: 120, windowMs: 60_000 });
    assert.ok(importBurst.limit >= 100 && hourly.limit > importBurst.limit);
    assert.deepEqual(hourly, { limit: 600, windowMs: 3_600_000 });
    assert.deepEqual(importRefused, { limit: 60, windowMs: 3_600_000 });
    const set = loadConfig({
      RATE_LIMIT_IMPORT_BURST: '5/10',
      RATE_LIMIT_IMPORT: '50/600',
      RATE_LIMIT_IMPORT_REFUSED: '7/60',
    }).uploads.rateLimits;
    assert.deepEqual(
      [set.importBurst, set.import, set.importRefused],
      [
        { limit: 5, windowMs: 10_000 },
        { limit: 50, windowMs: 600_000 },
        { limit: 7, windowMs: 60_000 },
      ],
    );
    assert.throws(() => loadConfig({ RATE_LIMIT_IMPORT_BURST: 'lots' }), /RATE_LIMIT_IMPORT_BURST/);
  });

  it('listens on this machine only in development, on every address in production', () => {
    assert.equal(loadConfig({}).host, '127.0.0.1');
    assert.equal(loadConfig({ NODE_ENV: 'test' }).host, '127.0.0.1');
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://animata.example' };
    assert.equal(loadConfig(production).host, '0.0.0.0');
    assert.equal(loadConfig({ ...production, HOST: '10.0.0.5' }).host, '10.0.0.5');
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0');
  });

  it('serves the metrics on 127.0.0.1:9464 unless told otherwise, on any free port in tests', () => {
    const config = loadConfig({});
    assert.deepEqual([config.metricsHost, config.metricsPort], ['127.0.0.1', 9464]);
    assert.equal(loadConfig({ NODE_ENV: 'test' }).metricsPort, 0);
    const chosen = loadConfig({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' });
    assert.deepEqual([chosen.metricsHost, chosen.metricsPort], ['0.0.0.0', 9100]);
  });

  it('gives the dev outbox a random key at each start, or DEV_OUTBOX_KEY; none in production', () => {
    const first = loadConfig({}).devOutboxKey;
    assert.match(first ?? '', /^[A-Za-z0-9_-]{32}$/);
    assert.notEqual(loadConfig({}).devOutboxKey, first);
    const key = 'a-developer-chose-this-key';
    assert.equal(loadConfig({ DEV_OUTBOX_KEY: key }).devOutboxKey, key);
    assert.equal(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', DEV_OUTBOX_KEY: key })
        .devOutboxKey,
      null,
    );
    assert.throws(
      () => loadConfig({ DEV_OUTBOX_KEY: 'short' }),
      /DEV_OUTBOX_KEY must be at least 16 characters long\./,
    );
  });

  it('switches to real services when their variables are set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/animata',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:1025',
      PORT: '8080',
    });
    assert.equal(config.databaseUrl, 'postgres://u@db:5432/animata');
    assert.equal(config.redisUrl, 'redis://cache:6379');
    assert.equal(config.smtpUrl, 'smtp://mail:1025');
    assert.equal(config.port, 8080);
  });

  it('names every bad value in one clear message', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', REDIS_URL: 'http://cache', RUN_WORKERS: 'maybe' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 3);
        assert.match(error.message, /PORT must be a whole number from 0 to 65535, got "eighty"/);
        assert.match(error.message, /REDIS_URL must start with redis:\/\/ or rediss:\/\//);
        assert.match(error.message, /RUN_WORKERS must be true or false, got "maybe"/);
        return true;
      },
    );
  });

  it('sends no events to a tag manager unless GOOGLE_TAG_MANAGER_ID names a container', () => {
    assert.deepEqual(loadConfig({}).analytics, { tagManagerId: null });
    assert.deepEqual(loadConfig({ GOOGLE_TAG_MANAGER_ID: 'GTM-AB12CD' }).analytics, {
      tagManagerId: 'GTM-AB12CD',
    });
    assert.throws(
      () => loadConfig({ GOOGLE_TAG_MANAGER_ID: '<script>' }),
      /GOOGLE_TAG_MANAGER_ID must look like GTM-ABC123, got "<script>"/,
    );
  });

  it('refuses RUN_WORKERS=false without REDIS_URL, as no other process could run the jobs', () => {
    assert.throws(
      () => loadConfig({ RUN_WORKERS: 'false' }),
      /RUN_WORKERS=false needs REDIS_URL: without Redis, jobs run only in the process that queues them\./,
    );
    assert.equal(
      loadConfig({ RUN_WORKERS: 'false', REDIS_URL: 'redis://cache:6379' }).runWorkers,
      false,
    );
  });

  it('requires PUBLIC_URL in production', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      /PUBLIC_URL is required in production/,
    );
  });

  it('chooses S3 file storage when S3_BUCKET is set, and checks its variables', () => {
    assert.equal(loadConfig({}).s3, null);
    assert.deepEqual(
      loadConfig({
        S3_BUCKET: 'animata-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
      {
        bucket: 'animata-files',
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    );
    assert.deepEqual(loadConfig({ S3_BUCKET: 'animata-files' }).s3, {
      bucket: 'animata-files',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
    assert.throws(
      () =>
        loadConfig({
          S3_BUCKET: 'Not_A_Bucket',
          S3_ENDPOINT: 'ftp://x',
          S3_ACCESS_KEY_ID: 'key',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /S3_BUCKET must be a valid bucket name, got "Not_A_Bucket"/);
        assert.match(error.message, /S3_ENDPOINT must start with http:\/\/ or https:\/\//);
        assert.match(
          error.message,
          /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
        );
        return true;
      },
    );
    assert.throws(
      () => loadConfig({ S3_ENDPOINT: 'http://minio:9000' }),
      /S3_ENDPOINT is set but S3_BUCKET is not/,
    );
  });

  it('runs the sandbox gateways without keys, and Stripe and Braintree with theirs', () => {
    assert.deepEqual(loadConfig({}).billing, { stripe: null, braintree: null });
    assert.deepEqual(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
        STRIPE_PRICE_PRO_ANNUAL: 'price_pro_annual',
        STRIPE_PRICE_TEAM_SLOT_MONTHLY: 'price_slot_monthly',
        BRAINTREE_MERCHANT_ID: 'merchant',
        BRAINTREE_PUBLIC_KEY: 'public',
        BRAINTREE_PRIVATE_KEY: 'private',
        BRAINTREE_PLAN_PRO_MONTHLY: 'bt-pro-monthly',
      }).billing,
      {
        stripe: {
          secretKey: 'sk_test_1',
          publishableKey: 'pk_test_1',
          webhookSecret: 'whsec_1',
          apiUrl: 'http://127.0.0.1:12111',
          priceIds: { 'pro-annual': 'price_pro_annual', 'team-slot-monthly': 'price_slot_monthly' },
          attemptLimit: 4,
        },
        braintree: {
          merchantId: 'merchant',
          publicKey: 'public',
          privateKey: 'private',
          environment: 'sandbox',
          apiUrl: null,
          planIds: { 'pro-monthly': 'bt-pro-monthly' },
        },
      },
    );
    assert.throws(
      () =>
        loadConfig({
          STRIPE_SECRET_KEY: 'sk_test_1',
          BRAINTREE_MERCHANT_ID: 'merchant',
          BRAINTREE_ENVIRONMENT: 'moon',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY/);
        assert.match(error.message, /BRAINTREE_ENVIRONMENT must be sandbox/);
        assert.match(
          error.message,
          /BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY must be set together/,
        );
        return true;
      },
    );
    assert.throws(
      () => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
      /STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not/,
    );
  });
});

describe('the seller of the invoice PDFs (issue 30)', () => {
  it('has embedded defaults, and SELLER_ADDRESS lines split at \\n', () => {
    assert.deepEqual(loadConfig({}).seller, {
      name: 'Animata',
      addressLines: ['animata.local'],
      email: 'billing@animata.local',
      taxId: null,
    });
    assert.deepEqual(
      loadConfig({
        SELLER_NAME: 'Vector Ltd',
        SELLER_ADDRESS: '1 Vector Street\\nSVG City \\n\\n',
        SELLER_EMAIL: 'invoices@vector.test',
        SELLER_TAX_ID: 'EU123',
      }).seller,
      {
        name: 'Vector Ltd',
        addressLines: ['1 Vector Street', 'SVG City'],
        email: 'invoices@vector.test',
        taxId: 'EU123',
      },
    );
  });
});
