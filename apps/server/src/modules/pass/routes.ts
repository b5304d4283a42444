import { checkCodeInfo } from '@sq/contract/pass/check-code-info';
import { codeEvents } from '@sq/contract/pass/code-events';
import { gateScan } from '@sq/contract/pass/gate-scan';
import { getMyPass } from '@sq/contract/pass/get-my-pass';
import { registerPassKey } from '@sq/contract/pass/register-pass-key';
import { getOfflineKit } from '@sq/contract/pass/offline-kit';
import { sendOfflineScans } from '@sq/contract/pass/offline-scans';
import { rotateGateKey } from '@sq/contract/pass/rotate-gate-key';
import { getPendingNotice } from '@sq/contract/pass/get-pending-notice';
import { giveConsent } from '@sq/contract/pass/give-consent';
import { getRegistrationDetail } from '@sq/contract/pass/get-registration-detail';
import { getUserProfile } from '@sq/contract/pass/get-user-profile';
import { listEntryLogs, ENTRY_LOG_PAGE_SIZE } from '@sq/contract/pass/list-entry-logs';
import { listRegistrations, REGISTRATION_PAGE_SIZE } from '@sq/contract/pass/list-registrations';
import { submitRegistration } from '@sq/contract/pass/submit-registration';
import { verifyRegistration } from '@sq/contract/pass/verify-registration';
import type { RouteKit } from '../../lib/route-kit';
import type { ExportService } from './export-service';
import type { GateService } from './gate-service';
import type { OfflineGateService } from './offline-service';
import type { RegistrationService } from './registration-service';

export function passRoutes(kit: RouteKit, registrations: RegistrationService, gate: GateService, offline: OfflineGateService, exports: ExportService, publicOrigin?: string) {
  kit.authedInline(submitRegistration, ({ session, body }) => {
    const { poiId, import: staffImport, consent, ...input } = body;
    return registrations.submit(session, poiId, input, String(staffImport) === '1', String(consent) === '1');
  });

  kit.authed(giveConsent, ({ caller, body }) => registrations.consent(caller, body.poiId));
  kit.authed(getPendingNotice, ({ caller }) => registrations.pendingNotice(caller));

  kit.authed(getMyPass, ({ caller, query, req }) =>
    gate.myPass(caller, query.poiId, query.pass, publicOrigin ?? `${req.protocol}://${req.host}`),
  );

  kit.authed(registerPassKey, ({ caller, body }) => gate.registerKey(caller, body.poiId, body.publicKey));

  kit.authed(getUserProfile, ({ caller, body }) => registrations.profile(caller, body.poiId));

  kit.authed(listRegistrations, async ({ caller, body, query, reply }) => {
    if (query.export === '1') {
      await exports.registrations(caller, { poiId: body.poiId, status: body.status, keyword: body.keyword || undefined, whole: body.whole === '1' }, reply);
      return null as never;
    }
    // An empty keyword is what the existing clients send when the page opens: it lists everything.
    // 请输入搜索内容 belongs to the search box (the web page shows it before calling).
    return registrations.list(caller, { ...body, keyword: body.keyword || undefined }, REGISTRATION_PAGE_SIZE);
  });

  kit.authed(getRegistrationDetail, async ({ caller, body }) =>
    body.code
      ? gate.scan(caller, body.poiId, body.code)
      : { userCard: await registrations.detail(caller, body.poiId, body._id!), scan: null },
  );

  kit.authed(gateScan, ({ caller, body }) => gate.rushScan(caller, body.poiId, body.code, body.pass));
  kit.authed(getOfflineKit, ({ caller, query }) => offline.kit(caller, query.poiId));
  kit.authed(sendOfflineScans, ({ caller, body }) => offline.record(caller, body.poiId, body.scans));
  kit.authed(rotateGateKey, ({ caller, body }) => offline.rotateKey(caller, body.poiId));
  kit.authed(verifyRegistration, ({ caller, body }) => registrations.verify(caller, body));
  kit.authedPoll(checkCodeInfo, ({ caller, body }) => gate.checkCode(caller, body.poiId, body.code));
  kit.stream(codeEvents, ({ caller, query, reply }) => gate.watchCode(caller, query.poiId, query.code, reply));
  kit.authed(listEntryLogs, async ({ caller, body, query, reply }) => {
    if (query.export === '1') {
      await exports.logs(caller, body.poiId, body.whole === '1', reply, { from: body.from, to: body.to });
      return null as never;
    }
    return gate.logs(caller, body.poiId, body.page, ENTRY_LOG_PAGE_SIZE, { from: body.from, to: body.to });
  });
}
