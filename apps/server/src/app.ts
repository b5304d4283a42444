import { WebRoute } from '@sq/contract/routes';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { PiiCipher } from './lib/crypto';
import { loggableError, REDACT_PATHS, serializeRequest } from './lib/log-redaction';
import { AccessLog } from './lib/access-log';
import { createRouteKit } from './lib/route-kit';
import { FastLane, REQUEST_ID_HEADER } from './lib/fast-lane';
import type { Caller } from './modules/auth/caller';
import { createSerializerCompiler } from './lib/serializer';
import { registerControlCharacterCheck } from './plugins/control-characters';
import { BODY_LIMIT, registerJsonBodyParser } from './plugins/json-body';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';
import { createAccessRepo } from './modules/access/repo';
import { createAccessService } from './modules/access/service';
import { createAuditRepo } from './modules/audit/repo';
import { createAuthRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createSessionEvents } from './modules/auth/session-events';
import { logSmsProvider, webhookSmsProvider, type SmsProvider } from './modules/auth/sms-provider';
import { tokenFromRequest } from './modules/auth/token-source';
import { createMembershipCache } from './modules/community/membership-cache';
import { createMembershipRepo } from './modules/community/membership-repo';
import { createCommunityRepo } from './modules/community/repo';
import { communityRoutes } from './modules/community/routes';
import { createCommunityService } from './modules/community/service';
import { createInfoRepo } from './modules/info/repo';
import { infoRoutes } from './modules/info/routes';
import { createInfoService } from './modules/info/service';
import { createMapProvider } from './modules/map/provider-factory';
import { mapRoutes } from './modules/map/routes';
import { createMapService } from './modules/map/service';
import { tileImgSources } from './modules/map/tile-source';
import { userInfoRoutes } from './modules/community/user-info-routes';
import { createUserInfoService } from './modules/community/user-info-service';
import { createHealthRepo } from './modules/health/repo';
import { healthRoutes } from './modules/health/routes';
import { supportRoutes } from './modules/support/routes';
import { createWechatRepo } from './modules/wechat/repo';
import { wechatRoutes } from './modules/wechat/routes';
import { createWechatService } from './modules/wechat/service';
import { wechatProvider } from './modules/wechat/wechat-provider';
import { createDashboardRepo } from './modules/dashboard/repo';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDashboardService } from './modules/dashboard/service';
import { createManageRepo } from './modules/manage/repo';
import { manageRoutes } from './modules/manage/routes';
import { createManageService } from './modules/manage/service';
import { createGateRepo } from './modules/pass/gate-repo';
import { createExportService, EXPORT_LIMITS } from './modules/pass/export-service';
import { Slots } from './lib/slots';
import { createGateKeys } from './modules/pass/gate-keys';
import { createPassKeys } from './modules/pass/pass-keys';
import { createPassKeysRepo } from './modules/pass/pass-keys-repo';
import { createGateService } from './modules/pass/gate-service';
import { createOfflineRepo } from './modules/pass/offline-repo';
import { createOfflineGateService } from './modules/pass/offline-service';
import { createPassEvents } from './modules/pass/pass-events';
import { createRegistrationRepo } from './modules/pass/registration-repo';
import { createRegistrationService } from './modules/pass/registration-service';
import { passRoutes } from './modules/pass/routes';
import { registerPolls } from './modules/polls/module';
import { registerBoard } from './modules/board/module';
import { registerAlbums } from './modules/albums/module';
import { registerSpaces } from './modules/spaces/module';
import { registerEvents } from './modules/events/module';
import { registerCheckin } from './modules/events/checkin-module';
import { registerSignups } from './modules/events/signups-module';
import { registerRedbags } from './modules/redbags/module';
import { registerLevels } from './modules/levels/module';
import { tellLevel } from './modules/levels/tell-level';
import { registerContent } from './modules/content/module';
import { registerCoupons } from './modules/coupons/module';
import { registerPayments } from './modules/payments/module';
import { registerEarnings } from './modules/earnings/module';
import { registerPickup } from './modules/pickup/module';
import { registerRefunds } from './modules/refunds/module';
import { registerHolderKeys } from './modules/holder-keys/module';
import { registerUnits } from './modules/units/module';
import { registerResidents } from './modules/residents/module';
import { createNotifications } from './modules/notifications/module';
import { notificationRoutes } from './modules/notifications/routes';
import { registerXlsxBody } from './plugins/xlsx-body';
import { registerImageBody } from './plugins/image-body';
import { registerImages } from './modules/images/module';
import { imageStoreFrom } from './modules/images/store';
import { registerMerchants } from './modules/merchants/module';
import { registerGroupBuys } from './modules/groupbuys/module';
import { registerOrders } from './modules/orders/module';
import type { PaymentsPort } from './modules/payments/port';
import { createPhotoCookie } from './modules/images/photo-cookie';
import { createAuditLogRepo } from './modules/audit/log-repo';
import { createMyDataRepo } from './modules/mydata/repo';
import { createVehicleRepo } from './modules/vehicles/repo';
import { vehicleRoutes } from './modules/vehicles/routes';
import { createVisitRepo } from './modules/visits/repo';
import { createVisitService } from './modules/visits/service';
import { visitRoutes } from './modules/visits/routes';
import { resolveVisitLink } from './modules/visits/token';
import { createVehicleService } from './modules/vehicles/service';
import { myDataRoutes } from './modules/mydata/routes';
import { createMyDataService } from './modules/mydata/service';
import { createRetentionRepo } from './modules/retention/repo';
import { retentionRoutes } from './modules/retention/routes';
import { createRetentionService, runRetention, scheduleRetention } from './modules/retention/service';
import { auditRoutes } from './modules/audit/routes';
import { createGateSettingsRepo } from './modules/gate-settings/repo';
import { gateSettingsRoutes } from './modules/gate-settings/routes';
import { createGateSettingsService } from './modules/gate-settings/service';
import { createAuditLogService } from './modules/audit/service';

export interface AppDeps {
  config: Config;
  database: Database;
  pii: PiiCipher;
  /** Defaults from config; tests pass their own to observe what was sent. */
  sms?: SmsProvider;
  /** The clock every rule reads, so tests can move time instead of waiting. */
  now?: () => Date;
  /** Where log lines go (stdout by default); tests read them to prove nothing secret is logged. */
  logStream?: { write(line: string): unknown };
  /** Check every answer's fast serializer against zod (lib/serializer.ts); on by default in tests. */
  verifyAnswers?: boolean;
  /** 社区团购's payments (issue 36): the payments module's port; tests pass a recording one. */
  payments?: PaymentsPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The short path of the gate poll and the page-load check, in front of the routes (lib/fast-lane.ts). */
    fastLane: FastLane<Caller>;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, pii } = deps;
  const now = deps.now ?? (() => new Date());
  const compileSerializer = createSerializerCompiler({ verify: deps.verifyAnswers ?? config.NODE_ENV === 'test' });
  const lane = new FastLane<Caller>({ bodyLimit: BODY_LIMIT, trustProxy: config.TRUST_PROXY, compileSerializer });
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            // Any `{ err }` logged anywhere (ours or a plugin's) goes through the same value-free form.
            serializers: { req: serializeRequest, err: loggableError },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    logController: new AccessLog(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    // A slow client may not hold a connection open for ever; exports stream the answer, not the request.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 65_000,
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: lane.genReqId,
    // Draining (app.close() on SIGTERM): a request that reaches a kept-alive connection after the
    // listener closed is served, not refused with 503 – the load balancer sent it before it knew.
    return503OnClosing: false,
  });
  lane.takeOver(app.server);
  lane.useLogger(app.log);
  app.decorate('fastLane', lane);
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    lane.close();
    done();
  });
  // While draining each answer closes its connection, so the client's next request opens a new
  // one – to another node behind the load balancer – and close() is not held up by idle clients.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compileSerializer);
  app.decorateRequest('caller', null);
  app.decorateRequest('inlineSession', null);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerControlCharacterCheck(app);
  registerSecurityHeaders(app, config.FRAME_ANCESTORS, tileImgSources(config.MAP_TILE_URL));
  await app.register(formbody);
  await registerOpenApi(app);

  const sms = deps.sms ?? (config.SMS_PROVIDER === 'webhook' ? webhookSmsProvider(config.SMS_WEBHOOK_URL!) : logSmsProvider(app.log));
  const sessionEvents = createSessionEvents(database);
  app.addHook('onClose', sessionEvents.close);
  const auth = createAuthService({ repo: createAuthRepo(database.db), pii, sms, now, sessionTtlDays: config.SESSION_TTL_DAYS, sessionEvents });
  await sessionEvents.start(auth.forgetSession);
  const authenticate = (req: Parameters<typeof tokenFromRequest>[0]) => auth.authenticate(tokenFromRequest(req));
  // WeChat login, when the official account is configured (issue 17).
  const wechat =
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? createWechatService({
          repo: createWechatRepo(database.db),
          provider: wechatProvider({ appId: config.WECHAT_APP_ID, appSecret: config.WECHAT_APP_SECRET, apiBase: config.WECHAT_API_BASE_URL, openBase: config.WECHAT_OPEN_BASE_URL }),
          auth,
          pii,
          now,
        })
      : null;
  // Every logged-in page asks for the person's community: kept in memory, changes sent by NOTIFY.
  const membershipRepo = createMembershipRepo(database.db);
  const membership = createMembershipCache(membershipRepo, database);
  await membership.start();
  app.addHook('onClose', membership.close);
  const userInfo = createUserInfoService({ membership, belongings: membershipRepo, auth });
  // Who is staff where: every community-scoped service asks this one place.
  const access = createAccessService(createAccessRepo(database.db));
  // Residents' side: map look-ups, communities and their contact info (DESIGN.md §7).
  const mapProvider = createMapProvider(config, database.db, (msg) => app.log.warn(msg));
  const community = createCommunityService({ repo: createCommunityRepo(database.db), membership, provider: mapProvider, now });
  const info = createInfoService({ repo: createInfoRepo(database.db), access, community, now, tellLevel: (award) => tellLevel(notices, award) });
  const audit = createAuditRepo(database.db);
  const registrationRepo = createRegistrationRepo(database.db);
  const gateRepo = createGateRepo(database.db);
  const passEvents = createPassEvents(database);
  app.addHook('onClose', passEvents.close);
  // Told to people after the request: an outbox the worker empties (SMS, WeChat), and 消息 in the app.
  const notifications = createNotifications({
    db: database.db,
    config,
    pii,
    now,
    communityName: registrationRepo.communityName,
    log: app.log,
    linkOf: (link) => resolveVisitLink(pii, WebRoute.visit, link),
  });
  app.addHook('onClose', notifications.stop);
  const notices = notifications.service;
  const registrations = createRegistrationService({ repo: registrationRepo, gate: gateRepo, access, audit, auth, pii, events: passEvents, notices, now });
  const gateKeys = createGateKeys(database.db, pii);
  const passKeys = createPassKeys(createPassKeysRepo(database.db), now);
  const visitRepo = createVisitRepo(database.db);
  const gate = createGateService({ registrations, repo: registrationRepo, gate: gateRepo, keys: gateKeys, passKeys, access, audit, pii, events: passEvents, notices, visits: visitRepo, now });
  const offlineGate = createOfflineGateService({ offline: createOfflineRepo(database.db), visits: visitRepo, gate: gateRepo, keys: gateKeys, passKeys, repo: registrationRepo, access, events: passEvents, notices, audit, now });
  await gate.start();
  // Open push streams would hold close() until their codes expire: ended at once, the pages poll.
  app.addHook('preClose', (done) => {
    gate.closeStreams();
    done();
  });
  // Exports of personal data running at once, shared by the staff lists' and the audit log's.
  const exportSlots = new Slots(EXPORT_LIMITS);
  const exports = createExportService({ slots: exportSlots, repo: registrationRepo, gate: gateRepo, access, audit, pii, now });
  // Visitors invited by residents (issue 13 item 4).
  const visits = createVisitService({
    repo: visitRepo,
    registrations,
    access,
    keys: gateKeys,
    passKeys,
    audit,
    pii,
    notices,
    slots: exportSlots,
    communityName: registrationRepo.communityName,
    now,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
  const manage = createManageService({ repo: createManageRepo(database.db), access, auth, pii });
  // Personal data past its period is deleted by the server itself, once a day by default.
  // Where photos' bytes are kept: PostgreSQL, or an S3-compatible store (IMAGE_STORE; images/store.ts).
  const imageStore = imageStoreFrom(config, (detail, msg) => app.log.warn(detail, msg));
  const retentionRepo = createRetentionRepo(database.db, imageStore);
  const stopRetention = scheduleRetention(
    () => runRetention({ repo: retentionRepo, audit }, now()),
    config.RETENTION_EVERY_HOURS ?? (config.NODE_ENV === 'test' ? 0 : 24),
    (err) => app.log.error({ err }, 'retention run failed'),
  );
  app.addHook('onClose', async () => stopRetention());

  await app.register(async (scope) => {
    const kit = (tag: string) => createRouteKit(scope, { authenticate, inline: (req) => auth.inline(tokenFromRequest(req)) }, tag, lane);
    healthRoutes(kit('health'), createHealthRepo(database).ping, now);
    supportRoutes(kit('support'), {
      hotline: config.SUPPORT_HOTLINE ?? '',
      hours: config.SUPPORT_HOURS ?? '',
      wechatId: config.SUPPORT_WECHAT_ID ?? '',
      wechatQr: config.SUPPORT_WECHAT_QR ?? '',
    });
    authRoutes(kit('auth'), auth, wechat);
    wechatRoutes(kit('auth'), scope, { wechat, auth, publicOrigin: config.PUBLIC_ORIGIN });
    userInfoRoutes(kit('community'), auth, userInfo);
    // Domain modules register here, one line each: <domain>Routes(kit('<domain>'), …services).
    communityRoutes(kit('community'), community);
    infoRoutes(kit('communityInfo'), info);
    mapRoutes(kit('map'), scope, createMapService({ provider: mapProvider, excludedIds: config.MAP_EXCLUDED_IDS, tileUrl: config.MAP_TILE_URL }));
    registerXlsxBody(scope);
    registerImageBody(scope);
    registerImages(kit('images'), { db: database.db, store: imageStore, auth, access, now });
    registerUnits(kit('manage'), { db: database.db, access, audit, pii });
    registerResidents(kit('manage'), { db: database.db, access, audit, pii, now });
    auditRoutes(kit('manage'), createAuditLogService({ repo: createAuditLogRepo(database.db), audit, access, pii, slots: exportSlots }));
    retentionRoutes(kit('community'), createRetentionService({ repo: retentionRepo, access }));
    passRoutes(kit('pass'), registrations, gate, offlineGate, exports, config.PUBLIC_ORIGIN);
    visitRoutes(kit('visits'), visits, config.PUBLIC_ORIGIN);
    // The board (and later events, shops) take the checks it answers (one cache for its settings).
    const contentChecks = registerContent(kit('manage'), { db: database.db, access, audit });
    const photoCookie = createPhotoCookie({ sessionTtlMs: auth.sessionTtlMs });
    registerPolls(kit('polls'), { db: database.db, auth, access, audit, pii, photoCookie, now, notices });
    registerBoard(kit('board'), { db: database.db, access, audit, notices, checks: contentChecks, pii, photoCookie, now });
    registerAlbums(kit('albums'), { db: database.db, access, audit, notices, checks: contentChecks, photoCookie, now });
    registerSpaces(kit('spaces'), { db: database.db, access, audit, notices, checks: contentChecks, pii, now });
    const events = registerEvents(kit('events'), { db: database.db, access, audit, notices, checks: contentChecks, photoCookie, now });
    registerCheckin(kit('events'), { db: database.db, access, notices, now, publicOrigin: config.PUBLIC_ORIGIN });
    registerMerchants(kit('merchants'), { db: database.db, auth, access, audit, notices, checks: contentChecks, pii, photoCookie, imageStore, now });
    const signups = registerSignups(kit('events'), {
      db: database.db,
      events,
      audit,
      notices,
      checks: contentChecks,
      pii,
      slots: exportSlots,
      photoCookie,
      now,
      remindersEveryMs: config.EVENT_REMINDERS_EVERY_MS ?? (config.NODE_ENV === 'test' ? 0 : undefined),
      onError: (err, what) => app.log.error({ err }, `${what} failed`),
    });
    app.addHook('onClose', signups.stop);
    // 周边商家 (issue 35): the phones' keys for codes shown at a counter, and coupons.
    const holderKeys = registerHolderKeys(kit('coupons'), { db: database.db, now });
    registerCoupons(kit('coupons'), { db: database.db, access, keys: holderKeys, audit, notices, checks: contentChecks, pii, slots: exportSlots, now });
    // 支付 (issue 36): WeChat Pay (or the demo's 演示支付 sandbox); `payments.port` is what refunds call.
    const payments = await registerPayments(kit('payments'), scope, { db: database.db, access, pii, config, log: app.log, notices, now });
    app.decorate('payments', payments);
    app.addHook('onClose', payments.stop);
    // 社区团购 (issue 36): 团长, group buys and their 成团 job, orders. The payments module's port comes with it.
    const groupBuys = registerGroupBuys(kit('groupbuys'), {
      db: database.db,
      access,
      audit,
      notices,
      checks: contentChecks,
      pii,
      payments: deps.payments ?? payments.port,
      photoCookie,
      now,
      decideEveryMs: config.NODE_ENV === 'test' ? 0 : undefined,
      onError: (err, what) => app.log.error({ err }, `${what} failed`),
    });
    app.decorate('groupBuys', { decide: groupBuys.decide });
    app.addHook('onClose', groupBuys.stop);
    registerOrders(kit('orders'), { db: database.db, access, now });
    // 社区团购 (issue 36): pickup, refunds and the 团长's earnings.
    registerPickup(kit('groupbuys'), { db: database.db, keys: holderKeys, pii, now });
    registerRefunds(kit('groupbuys'), { db: database.db, notices, payments: deps.payments ?? payments.port, pii, now });
    registerEarnings(kit('groupbuys'), { db: database.db, audit, slots: exportSlots, now });
    gateSettingsRoutes(kit('manage'), createGateSettingsService({ repo: createGateSettingsRepo(database.db), access, audit }));
    vehicleRoutes(kit('vehicles'), createVehicleService({ repo: createVehicleRepo(database.db), access, pii, now }));
    myDataRoutes(kit('mydata'), createMyDataService({ repo: createMyDataRepo(database.db), registrations, access, auth, audit, pii, tellPromoted: signups.tellPromoted, now }));
    manageRoutes(kit('manage'), manage);
    registerRedbags(kit('redbags'), { db: database.db, access, notices, checks: contentChecks, now });
    registerLevels(kit('levels'), { db: database.db });
    notificationRoutes(kit('notifications'), notices);
    dashboardRoutes(kit('manage'), createDashboardService({ repo: createDashboardRepo(database.db), access, now }));
  });

  await registerWebApp(app, config.webDist);
  return app;
}
