import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { PiiCipher } from './lib/crypto';
import { REDACT_PATHS, serializeRequest } from './lib/log-redaction';
import { createRouteKit } from './lib/route-kit';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import { createAuthRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { logSmsProvider, webhookSmsProvider, type SmsProvider } from './modules/auth/sms-provider';
import { tokenFromRequest } from './modules/auth/token-source';
import { createMembershipRepo } from './modules/community/membership-repo';
import { userInfoRoutes } from './modules/community/user-info-routes';
import { createUserInfoService } from './modules/community/user-info-service';
import { createHealthRepo } from './modules/health/repo';
import { healthRoutes } from './modules/health/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  pii: PiiCipher;
  /** Defaults from config; tests pass their own to observe what was sent. */
  sms?: SmsProvider;
  /** The clock every rule reads, so tests can move time instead of waiting. */
  now?: () => Date;
  /** Where log lines go (stdout by default); tests read them to prove nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, pii } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: { req: serializeRequest },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A slow client may not hold a connection open for ever; exports stream the answer, not the request.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 65_000,
    requestIdHeader: 'x-request-id',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.FRAME_ANCESTORS);
  await app.register(formbody);
  await registerOpenApi(app);

  const sms = deps.sms ?? (config.SMS_PROVIDER === 'webhook' ? webhookSmsProvider(config.SMS_WEBHOOK_URL!) : logSmsProvider(app.log));
  const auth = createAuthService({ repo: createAuthRepo(database.db), pii, sms, now, sessionTtlDays: config.SESSION_TTL_DAYS });
  const authenticate = (req: Parameters<typeof tokenFromRequest>[0]) => auth.authenticate(tokenFromRequest(req));
  const userInfo = createUserInfoService({ membership: createMembershipRepo(database.db), auth });

  await app.register(async (scope) => {
    const kit = (tag: string) => createRouteKit(scope, authenticate, tag);
    healthRoutes(kit('health'), createHealthRepo(database).ping);
    authRoutes(kit('auth'), auth);
    userInfoRoutes(kit('community'), auth, userInfo);
  });

  await registerWebApp(app, config.webDist);
  return app;
}
