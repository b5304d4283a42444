import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './server-root';

const ZBool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback by default: a demo with development SMS codes should not face the LAN unasked.
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    // 32 bytes, base64. Encrypts ID numbers and mobiles at rest; required with DATABASE_URL.
    DATA_KEY: z.string().optional(),
    SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
    SMS_WEBHOOK_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Set when behind a load balancer so rate limits see the client's address, not the balancer's.
    TRUST_PROXY: ZBool.default(false),
    // Who may show the app in an iframe (CSP frame-ancestors). Space-separated origins.
    FRAME_ANCESTORS: z.string().default("'self'"),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // How often the server deletes personal data past its retention period (modules/retention);
    // 0: never by itself (run `npm run retention` from cron instead). Off in tests, which move
    // their clock by months.
    RETENTION_EVERY_HOURS: z.coerce.number().int().min(0).max(168).optional(),
    WEB_DIST: z.string().optional(),
    // The origin printed into pass and gate QR codes. Required in production: otherwise the
    // request's Host header (which any caller sets) would decide where a QR code leads.
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')).optional(),
    // Demo data on the first start of an empty database; never by default in production.
    SEED_DEMO: ZBool.optional(),
    // Map look-ups (DESIGN.md §7): 'local' answers from the seeded tables; 'amap' calls AMap with AMAP_KEY.
    MAP_PROVIDER: z.enum(['local', 'amap']).default('local'),
    AMAP_KEY: z.string().optional(),
    AMAP_BASE_URL: z.url().default('https://restapi.amap.com'),
    // Leaflet tile template for the map picker; 'none' shows no tiles (picking still works).
    MAP_TILE_URL: z.string().default('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}'),
    // WeChat web authorisation (off unless both are set): the official account's AppID and AppSecret.
    WECHAT_APP_ID: z.string().trim().regex(/^wx[0-9a-f]{16}$/, 'an official account AppID: wx and 16 hex digits').optional(),
    WECHAT_APP_SECRET: z.string().trim().regex(/^[0-9a-f]{32}$/, 'an AppSecret: 32 hex digits').optional(),
    WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
    WECHAT_OPEN_BASE_URL: z.url().default('https://open.weixin.qq.com'),
    // WeChat subscription notices (订阅通知): the template's id, with fields thing1, thing2, time3.
    // Off unless set (and WeChat login configured: the notices go to bound WeChat accounts).
    WECHAT_NOTIFY_TEMPLATE_ID: z.string().trim().regex(/^[\w-]{10,64}$/, 'a template id from the official account').optional(),
    // Notification SMS (通知短信): the gateway adapter for notices; without it, SMS_WEBHOOK_URL when
    // SMS_PROVIDER is 'webhook', else the log (development).
    NOTIFY_SMS_WEBHOOK_URL: z.url().optional(),
    // How often the outbox is looked at for deliveries due (ms); 0: never (tests that do not need it).
    NOTIFY_EVERY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    // How often the events' reminders (a day and an hour before the start) are looked for (ms); 0: never.
    EVENT_REMINDERS_EVERY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    // 技术支持 (/support): the operator's contacts; each part of the page shows only when set.
    SUPPORT_HOTLINE: z.string().trim().regex(/^\+?[\d -]{3,20}$/, 'a phone number: digits, spaces, dashes, an optional leading +').optional(),
    SUPPORT_HOURS: z.string().trim().max(40).optional(),
    SUPPORT_WECHAT_ID: z.string().trim().regex(/^[A-Za-z][\w-]{5,19}$/, 'a WeChat ID: 6–20 letters, digits, _ or -, starting with a letter').optional(),
    SUPPORT_WECHAT_QR: z.url({ protocol: /^https?$/ }).optional(),
    // WeChat Pay API v3 (issue 36; docs/decisions/payments.md): on when WECHATPAY_MCH_ID is set, and
    // then every other WECHATPAY_ value but the base URL is required. Keys are read from files,
    // never stored in the database or logged.
    WECHATPAY_MCH_ID: z.string().trim().regex(/^\d{8,12}$/, 'a merchant id (商户号): 8–12 digits').optional(),
    WECHATPAY_APP_ID: z.string().trim().regex(/^wx[0-9a-f]{16}$/, 'the AppID paying (公众号/App): wx and 16 hex digits').optional(),
    // The API v3 key (APIv3密钥): exactly 32 characters.
    WECHATPAY_API_V3_KEY: z.string().length(32, 'the API v3 key is exactly 32 characters').optional(),
    // The merchant API certificate's private key (apiclient_key.pem) and the certificate's serial number.
    WECHATPAY_PRIVATE_KEY_PATH: z.string().min(1).optional(),
    WECHATPAY_CERT_SERIAL: z.string().trim().regex(/^[0-9A-Fa-f]{8,64}$/, 'the certificate serial number: hex').optional(),
    // 微信支付公钥 (pub_key.pem) and its id (PUB_KEY_ID_…): answers and notices are verified with it.
    WECHATPAY_PUBLIC_KEY_PATH: z.string().min(1).optional(),
    WECHATPAY_PUBLIC_KEY_ID: z.string().trim().regex(/^PUB_KEY_ID_\w+$/, 'the public key id: PUB_KEY_ID_ and digits').optional(),
    WECHATPAY_BASE_URL: z.url().transform((u) => u.replace(/\/+$/, '')).default('https://api.mch.weixin.qq.com'),
    // 演示支付: a local WeChat Pay simulator (no money moves) for the demo. Default: on in development
    // without WeChat Pay; never with WeChat Pay configured; in production only when set to 1.
    PAY_SANDBOX: ZBool.optional(),
    // How often the payments job closes unpaid orders, retries refunds and reconciles (ms); 0: never.
    PAYMENTS_EVERY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    // Where photos' bytes are kept (DESIGN.md §9 "Images"; docs/decisions/cluster.md): 'postgres' (the
    // default: one engine serves every node) or 's3', an S3-compatible object store (AWS S3, MinIO,
    // Ceph, OSS …) for many app nodes without photo bytes in the database. The photos' metadata
    // stays in PostgreSQL either way, and they are always served through the app (who may see them).
    IMAGE_STORE: z.enum(['postgres', 's3']).default('postgres'),
    // The store's endpoint, e.g. http://minio.internal:9000 or https://s3.cn-north-1.amazonaws.com.cn.
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')).optional(),
    S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3–63 lower-case letters, digits, dots or dashes').optional(),
    S3_REGION: z.string().trim().regex(/^[a-z0-9-]{2,32}$/, 'a region, e.g. us-east-1 (what MinIO and Ceph expect unless set otherwise)').default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Path-style addresses (endpoint/bucket/key: MinIO, Ceph) by default; 0 for virtual-hosted
    // ones (bucket.endpoint/key), which AWS prefers and Aliyun OSS requires.
    S3_PATH_STYLE: ZBool.default(true),
    // Place ids never listed as nearby (spec §9: three fixed ids), comma-separated.
    MAP_EXCLUDED_IDS: z.string().default('').transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'log') {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: "the 'log' provider prints login codes; use 'webhook' in production" });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'required in production: the public address QR codes lead to, e.g. https://community.example.com' });
    }
    if (env.WECHAT_NOTIFY_TEMPLATE_ID && !env.WECHAT_APP_ID) {
      ctx.addIssue({ code: 'custom', path: ['WECHAT_NOTIFY_TEMPLATE_ID'], message: 'needs WECHAT_APP_ID and WECHAT_APP_SECRET (notices go to WeChat accounts bound by WeChat login)' });
    }
    if (Boolean(env.WECHAT_APP_ID) !== Boolean(env.WECHAT_APP_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['WECHAT_APP_SECRET'], message: 'WECHAT_APP_ID and WECHAT_APP_SECRET go together (WeChat login is off without both)' });
    }
    if (env.SMS_PROVIDER === 'webhook' && !env.SMS_WEBHOOK_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_WEBHOOK_URL'], message: "required when SMS_PROVIDER is 'webhook'" });
    }
    if (env.DATABASE_URL && !env.DATA_KEY) {
      // With a shared database the key must come from the operator, not from one node's disk.
      ctx.addIssue({ code: 'custom', path: ['DATA_KEY'], message: 'required with DATABASE_URL (base64 of 32 random bytes: openssl rand -base64 32)' });
    }
    if (env.MAP_PROVIDER === 'amap' && !env.AMAP_KEY) {
      ctx.addIssue({ code: 'custom', path: ['AMAP_KEY'], message: "required when MAP_PROVIDER is 'amap'" });
    }
    if (env.MAP_TILE_URL !== 'none' && !isTileTemplate(env.MAP_TILE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['MAP_TILE_URL'], message: "must be an http(s) URL template with {x}, {y} and {z}, or 'none'" });
    }
    if (env.WECHATPAY_MCH_ID) {
      for (const key of ['WECHATPAY_APP_ID', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_PRIVATE_KEY_PATH', 'WECHATPAY_CERT_SERIAL', 'WECHATPAY_PUBLIC_KEY_PATH', 'WECHATPAY_PUBLIC_KEY_ID'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required with WECHATPAY_MCH_ID (WeChat Pay API v3)' });
      }
      if (env.PAY_SANDBOX) ctx.addIssue({ code: 'custom', path: ['PAY_SANDBOX'], message: 'the 演示支付 sandbox cannot run with real WeChat Pay configured' });
    }
    const s3Keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (env.IMAGE_STORE === 's3' || s3Keys.some((key) => env[key])) {
      // Also when only read from: photos put in S3 stay there after IMAGE_STORE goes back to 'postgres'.
      for (const key of s3Keys) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: env.IMAGE_STORE === 's3' ? "required when IMAGE_STORE is 's3'" : 'the S3_ settings go together (endpoint, bucket, access key id and secret)' });
      }
    }
    if (env.DATA_KEY && Buffer.from(env.DATA_KEY, 'base64').length !== 32) {
      ctx.addIssue({ code: 'custom', path: ['DATA_KEY'], message: 'must be base64 of exactly 32 bytes' });
    }
  });

/** A Leaflet tile template on http(s) whose host parses once `{s}` is filled in. */
function isTileTemplate(url: string): boolean {
  if (!/^https?:\/\//.test(url) || !['{x}', '{y}', '{z}'].every((p) => url.includes(p))) return false;
  return URL.canParse(url.replaceAll('{s}', 'a').replace(/\{[xyz]\}/g, '0'));
}

export type Config = Omit<z.output<typeof ZEnv>, 'SEED_DEMO'> & { SEED_DEMO: boolean; dataDir: string; webDist: string };

export class ConfigError extends Error {}

/** Reads the environment once at start-up; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as it does to most shells and tools.
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production',
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDist: path.resolve(parsed.data.WEB_DIST ?? path.join(serverRoot, '../web/dist')),
  };
}
