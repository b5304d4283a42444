import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZDirection } from './pass-view';
import { PASS_CODE_MAX_LENGTH } from './code-steps';

/** At most this many queued scans per request: the scanner sends a long offline shift in parts. */
export const OFFLINE_SCANS_PER_REQUEST = 200;
/** An offline scan older than this is not taken (the phone may show codes offline for 7 days). */
export const OFFLINE_SCAN_MAX_AGE_DAYS = 7;
export const MSG_SCAN_TIME = '扫码时间不正确';
/** A scan without the kit it was checked with, or with another community's kit. */
export const MSG_SCAN_KIT = '离线核验数据不符，请更新扫码页面后重新上传';
/** The scan is dated outside the validity of the kit it names (a kit downloaded today proves nothing of last week). */
export const MSG_SCAN_OUTSIDE_KIT = '扫码时间不在离线核验数据的有效期内';
/** The phone's key the code was signed with had been replaced before the scan. */
export const MSG_SCAN_KEY_RETIRED = '扫码时该通行证的手机密钥已停用';

/**
 * Scans the scanner made with no signal, sent when the network is back (not in the spec). Each is
 * checked as at its own time – a phone's signed code only, with the key it names valid then, dated
 * inside the validity of the kit it was checked with – and logged at that time (marked 离线), and
 * the person is told; sending one again, by anyone, changes nothing (`repeat`). The same pass used twice in one direction and window – two gates, one
 * screenshot – is logged both times and the later one marked `conflict` for the managers.
 */
export const sendOfflineScans = defineEndpoint({
  method: 'POST',
  path: '/v1/gate/offlineScans',
  summary: '上传离线核验记录',
  body: z.object({
    poiId: ZPoiId,
    scans: z
      .array(
        z.object({
          code: z.string({ error: '通行码无效' }).trim().min(1, '通行码无效').max(PASS_CODE_MAX_LENGTH, '通行码无效'),
          pass: ZDirection,
          /** Unix ms of the scan on the scanner's (server-corrected) clock. */
          at: z.number({ error: MSG_SCAN_TIME }).int(MSG_SCAN_TIME).positive(MSG_SCAN_TIME),
          /** The kit the scan was checked with (GET /v1/gate/offlineKit `kitId`): `at` must lie within its validity. */
          kit: z.string({ error: MSG_SCAN_KIT }).uuid(MSG_SCAN_KIT),
        }),
      )
      .min(1, '没有要上传的记录')
      .max(OFFLINE_SCANS_PER_REQUEST, `每次最多上传 ${OFFLINE_SCANS_PER_REQUEST} 条`),
  }),
  data: z.object({
    results: z.array(
      z.object({
        code: z.string(),
        at: z.number().int(),
        result: z.enum(['logged', 'repeat', 'conflict', 'refused']),
        /** Why, for `refused`. */
        message: z.string(),
      }),
    ),
  }),
});
export const sendOfflineScansCall = callOf<typeof sendOfflineScans>('POST', '/v1/gate/offlineScans');
