import path from 'node:path';
import type { S3Settings } from '../lib/storage.ts';
import { loadPaymentConfig, type PaymentConfig } from './payment-config.ts';

export type AppConfig = {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  // files in an S3-compatible bucket instead of DATA_DIR/files (needed by several nodes)
  s3: S3Settings | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  maintenanceMode: boolean;
  // GET /metrics answers only with this bearer token (unset: 404)
  metricsToken: string | undefined;
  sitesFile: string | undefined;
  rateLimitMax: number;
  // widget checkouts (each holds seats for 15 minutes, no login) one client address may start per 10 minutes
  widgetHoldsPerIp: number;
  // reseller API (OCTO) calls one API key may make per minute, across nodes with REDIS_URL
  octoRateLimitPerKey: number;
  // the web app's analytics batches (issue 31) one session, and one client address, may send per minute
  insight: { batchesPerSession: number; batchesPerIp: number };
  // support replay (issue 31): the share of agents' sessions recorded (0–1; the agency's switch decides too), and the
  // uploads one session, and one client address, may send per minute
  replay: { sampleRate: number; uploadsPerSession: number; uploadsPerIp: number };
  // webhooks to agencies' systems (issue 30): how often the job runs (0: never), a try's time limit, and where they
  // may go — https only in production; private, local and reserved addresses never unless allowed (a test receiver)
  webhooks: { pollMs: number; timeoutMs: number; requireHttps: boolean; allowPrivate: boolean };
  logLevel: string;
  seedDemo: boolean;
  // Fastify's trustProxy: false, a hop count, or the proxies' addresses (never `true`: see trustProxySetting)
  trustProxy: false | number | string;
  webDistDir: string | undefined;
  mailPollMs: number;
  payment: PaymentConfig;
  // how often expired card holds are released (0: never, e.g. in tests that sweep by hand)
  holdSweepMs: number;
  // how often the account jobs run (0: never, e.g. in tests that run them by hand): last month's tax invoices and
  // trade licence warnings (hourly by default), low-balance alerts (every 5 minutes)
  accountJobsMs: number;
  balanceAlertMs: number;
  // how often open notify-me requests are checked against stock (0: never, e.g. in tests that check by hand)
  stockWatchPollMs: number;
  // how often the job runner answers forgot-password requests a stopped node left waiting (0: off)
  resetRequestPollMs: number;
  // housekeeping (modules/retention): how often it runs (0: off) and how many days each kind of row is kept (0: for ever)
  retentionJobMs: number;
  retention: {
    idempotencyKeys: number;
    webhookEvents: number;
    // the web app's analytics: insight events and sessions (issue 31)
    insight: number;
    // support replay's recordings (issue 31)
    replay: number;
    jobFailures: number;
    // the reseller API's webhooks: events fanned out, deliveries that are over (issue 30)
    webhookLog: number;
  };
  // DESIGN "Stock is exact": row locks on slots; 'off' only for the concurrency test's control run, never in production
  stockLocking: boolean;
  lockTimeoutMs: number;
  // widgets' own domains (issue 13): the DNS servers asked (unset: the system's), the host a domain's CNAME must name,
  // and how often domains are checked again (0: never, e.g. in tests that check by hand)
  dnsServers: string[] | undefined;
  widgetCnameTarget: string;
  domainCheckMs: number;
};

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

// A share from 0 to 1 (REPLAY_SAMPLE_RATE=0.25: a quarter)
function fraction(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`${name} must be a number from 0 to 1, got "${value}"`);
  return n;
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

// TRUST_PROXY: which X-Forwarded-For entry is the client. `true` (or `1`) means one load balancer: the client is the
// address that proxy appended (the right-most entry), never the left-most one the client can write itself. A number
// is the count of proxies in front; a comma-separated list names the proxies' addresses or CIDR ranges.
export function trustProxySetting(value: string | undefined): false | number | string {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

// DNS_SERVERS: comma-separated `address` or `address:port` entries (IPv4 or bracketed IPv6), as node's Resolver takes them
function dnsServers(value: string | undefined): string[] | undefined {
  const servers = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers)
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$/.test(server))
      throw new Error(`DNS_SERVERS must list addresses such as 1.1.1.1 or 127.0.0.1:5353, got "${server}"`);
  return servers.length > 0 ? servers : undefined;
}

// The host a widget's domain points its CNAME at: WIDGET_CNAME_TARGET, else PUBLIC_URL's host, else localhost
function widgetCnameTarget(value: string | undefined, publicUrl: string | undefined): string {
  if (value) return value.trim().toLowerCase().replace(/\.$/, '');
  if (publicUrl) {
    try {
      return new URL(publicUrl).hostname;
    } catch {
      // PUBLIC_URL is checked where it is used
    }
  }
  return 'localhost';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const databaseUrl = env.DATABASE_URL || undefined;
  const config: AppConfig = {
    nodeEnv,
    port: int('PORT', env.PORT, 3000),
    // outside production only this machine can reach the portal unless HOST says otherwise (demo accounts, dev mailbox)
    host: env.HOST || (nodeEnv === 'production' ? '0.0.0.0' : 'localhost'),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    publicUrl: env.PUBLIC_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'B2B Portal <no-reply@portal.test>',
    redisUrl: env.REDIS_URL || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        }
      : undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtlSeconds: int('JWT_TTL_SECONDS', env.JWT_TTL_SECONDS, 8 * 3600),
    maintenanceMode: bool(env.MAINTENANCE_MODE, false),
    metricsToken: env.METRICS_TOKEN || undefined,
    sitesFile: env.SITES_FILE || undefined,
    rateLimitMax: int('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, 600),
    widgetHoldsPerIp: int('WIDGET_HOLDS_PER_IP', env.WIDGET_HOLDS_PER_IP, 20),
    octoRateLimitPerKey: int('OCTO_RATE_LIMIT_PER_KEY', env.OCTO_RATE_LIMIT_PER_KEY, 300),
    insight: {
      batchesPerSession: int('INSIGHT_BATCHES_PER_SESSION', env.INSIGHT_BATCHES_PER_SESSION, 60),
      batchesPerIp: int('INSIGHT_BATCHES_PER_IP', env.INSIGHT_BATCHES_PER_IP, 300),
    },
    replay: {
      sampleRate: fraction('REPLAY_SAMPLE_RATE', env.REPLAY_SAMPLE_RATE, 1),
      uploadsPerSession: int('REPLAY_UPLOADS_PER_SESSION', env.REPLAY_UPLOADS_PER_SESSION, 30),
      uploadsPerIp: int('REPLAY_UPLOADS_PER_IP', env.REPLAY_UPLOADS_PER_IP, 300),
    },
    webhooks: {
      pollMs: int('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 2000),
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000),
      requireHttps: nodeEnv === 'production' || bool(env.WEBHOOK_REQUIRE_HTTPS, false),
      allowPrivate: nodeEnv !== 'production' && bool(env.WEBHOOK_ALLOW_PRIVATE, false),
    },
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    // Demo data on the embedded default (or on PostgreSQL when SEED_DEMO=true is set explicitly), never in production.
    seedDemo: nodeEnv !== 'production' && bool(env.SEED_DEMO, !databaseUrl),
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    webDistDir: env.WEB_DIST_DIR || undefined,
    mailPollMs: int('MAIL_POLL_MS', env.MAIL_POLL_MS, 2000),
    payment: loadPaymentConfig(env),
    holdSweepMs: int('HOLD_SWEEP_MS', env.HOLD_SWEEP_MS, 30_000),
    accountJobsMs: int('ACCOUNT_JOBS_MS', env.ACCOUNT_JOBS_MS, 60 * 60_000),
    balanceAlertMs: int('BALANCE_ALERT_MS', env.BALANCE_ALERT_MS, 5 * 60_000),
    stockWatchPollMs: int('STOCK_WATCH_POLL_MS', env.STOCK_WATCH_POLL_MS, 30_000),
    resetRequestPollMs: int('RESET_REQUEST_POLL_MS', env.RESET_REQUEST_POLL_MS, 10_000),
    retentionJobMs: int('RETENTION_JOB_MS', env.RETENTION_JOB_MS, 60 * 60_000),
    retention: {
      idempotencyKeys: int('IDEMPOTENCY_KEY_RETENTION_DAYS', env.IDEMPOTENCY_KEY_RETENTION_DAYS, 30),
      webhookEvents: int('WEBHOOK_EVENT_RETENTION_DAYS', env.WEBHOOK_EVENT_RETENTION_DAYS, 90),
      insight: int('INSIGHT_RETENTION_DAYS', env.INSIGHT_RETENTION_DAYS, 730),
      replay: int('REPLAY_RETENTION_DAYS', env.REPLAY_RETENTION_DAYS, 30),
      jobFailures: int('JOB_FAILURE_RETENTION_DAYS', env.JOB_FAILURE_RETENTION_DAYS, 30),
      webhookLog: int('WEBHOOK_LOG_RETENTION_DAYS', env.WEBHOOK_LOG_RETENTION_DAYS, 30),
    },
    stockLocking: env.BOOKING_STOCK_LOCKING !== 'off',
    lockTimeoutMs: int('BOOKING_LOCK_TIMEOUT_MS', env.BOOKING_LOCK_TIMEOUT_MS, 5000),
    dnsServers: dnsServers(env.DNS_SERVERS),
    widgetCnameTarget: widgetCnameTarget(env.WIDGET_CNAME_TARGET, env.PUBLIC_URL),
    domainCheckMs: int('WIDGET_DOMAIN_CHECK_MS', env.WIDGET_DOMAIN_CHECK_MS, 10 * 60_000),
    ...overrides,
  };
  if (config.nodeEnv === 'production') refuseUnsafeProduction(config, env);
  return config;
}

// A setting the server refuses to start with; server.ts prints its message alone, as one line.
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

// NODE_ENV=production starts only with what a real deployment needs; each refusal names the variable to set.
function refuseUnsafeProduction(config: AppConfig, env: NodeJS.ProcessEnv): void {
  if (!config.stockLocking)
    throw new ConfigError('BOOKING_STOCK_LOCKING=off is a test switch and is refused in production');
  if (!config.jwtSecret)
    throw new ConfigError('JWT_SECRET must be set in production (a long random string, the same on every node)');
  if (bool(env.SEED_DEMO, false))
    throw new ConfigError('SEED_DEMO=true is refused in production: demo accounts have a published password');
  if (config.payment.provider === 'sandbox' && !bool(env.ALLOW_SANDBOX_PAYMENTS, false)) {
    throw new ConfigError(
      'PAYMENT_PROVIDER is the sandbox (test card 4242 pays) in production: set PAYMENT_PROVIDER=stripe or tap, or ALLOW_SANDBOX_PAYMENTS=true for a staging site',
    );
  }
  if (config.redisUrl && !config.databaseUrl) {
    throw new ConfigError(
      'REDIS_URL is set (several nodes) but DATABASE_URL is not: the embedded database serves one process only',
    );
  }
  if (config.redisUrl && !config.s3) {
    throw new ConfigError(
      "REDIS_URL is set (several nodes) but S3_BUCKET is not: files on one node's disk are missing on the others",
    );
  }
}
