import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZMobile } from '../mobile';

/**
 * Paper ballots and proxies (委托) of an owners' vote (issue 37 item 4). One ballot per home
 * whatever the channel: the first valid one counts, the others are refused and listed to staff
 * (who tried, how, when – never what they chose).
 */
export const MSG_UNIT_NOT_IN_ROLL = '该房屋不在本次表决的名册中';
export const MSG_UNIT_REQUIRED = '请选择房屋';
export const MSG_OPTION_REQUIRED = '请选择表决意见（同意、反对或弃权）';
export const MSG_PAPER_PHOTO = '请上传业主签字的纸质表决票照片';
export const MSG_WRITTEN_PHOTO = '请上传业主签字的书面委托书照片';
export const MSG_PAPER_NOT_ALLOWED = '只有社区管理员或管理人员可以录入纸质票和书面委托';
export const MSG_PROXY_SELF = '不能委托给自己';
export const MSG_PROXY_EXISTS = '该房屋已有委托人';
export const MSG_PROXY_NONE = '您在本表决中没有可委托的房屋（房屋已投票或已委托）';
export const VOID_REASON_MAX = 200;
export const MSG_VOID_REASON = `请填写作废理由（2至${VOID_REASON_MAX}个字）`;
export const MSG_VOID_NONE = '该房屋没有可作废的纸质票';
export const MSG_VOID_ENDED = '表决已结束，纸质票不能再作废';
export const MSG_VOID_SECRET = '无记名表决的纸质票计入后无法单独作废（票面不与房屋关联）';
export const MSG_PROXY_NOT_YOURS = '您没有可撤回的委托（委托人已投票或委托不是您设立的）';
export const MSG_WITHDRAW_REASON = `请填写撤销理由（2至${VOID_REASON_MAX}个字）`;
export const MSG_WRITTEN_NONE = '该房屋没有可撤销的书面委托';
export const MSG_WRITTEN_VOTED = '该房屋已投票，书面委托不能再撤销';
export const MSG_WRITTEN_ENDED = '表决已结束，书面委托不能再撤销';

/** The refusal of a second ballot for a home, whichever channel brought it. */
export const msgHomeVoted = (label: string) => `${label} 已投票（每户只计第一张有效票），本票不计入`;

/** How a ballot came: 1 in the app by an owner, 2 in the app by a proxy, 3 on paper. */
export const BALLOT_CHANNELS = { 1: '线上', 2: '委托人线上', 3: '纸质票' } as const;
export type BallotChannel = keyof typeof BALLOT_CHANNELS;

/** An uploaded photo's hash (images module); missing or malformed: the message saying which photo is needed. */
const zPhotoHash = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_-]{43}$/, message);
const ZUnitId = z.string({ error: MSG_UNIT_REQUIRED }).uuid(MSG_UNIT_REQUIRED);

/** 纸质票: staff enter a signed paper ballot for a home of the roll, with its photo; the home's owners are told. */
export const enterPaperBallot = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/paper',
  summary: '录入纸质表决票（附签字照片，通知业主）',
  body: z.object({
    unitId: ZUnitId,
    option: z.string({ error: MSG_OPTION_REQUIRED }).uuid(MSG_OPTION_REQUIRED),
    photo: zPhotoHash(MSG_PAPER_PHOTO),
  }),
  data: z.object({
    label: z.string(),
    /** A secret vote's receipt, to hand to the owner with the paper (also in their SMS); null for an open vote. */
    receipt: z.string().nullable(),
  }),
});

/** 委托 in the app: an owner names a proxy by mobile for their homes of the roll that have not voted. */
export const nameProxy = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/proxy',
  summary: '业主委托他人代为投票（按手机号）',
  body: z.object({ mobile: ZMobile }),
  data: z.object({ labels: z.array(z.string()), mobile: z.string() }),
});

/** 书面委托: staff record a written authorisation (photo) naming a proxy by mobile for one home. */
export const recordWrittenProxy = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/proxy/written',
  summary: '录入书面委托（附委托书照片）',
  body: z.object({
    unitId: ZUnitId,
    mobile: ZMobile,
    photo: zPhotoHash(MSG_WRITTEN_PHOTO),
  }),
  data: z.object({ label: z.string(), mobile: z.string() }),
});

const ZPhoto = z.object({ url: z.string(), thumbUrl: z.string() });

/** 票务台: what staff need to enter paper ballots – the roll's homes, paper ballots, proxies, refused ballots. */
export const getBallotDesk = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id/desk',
  summary: '纸质票与委托（管理人员）',
  query: z.object({ id: z.string().optional() }),
  data: z.object({
    units: z.array(z.object({ unitId: z.string(), label: z.string() })),
    paper: z.array(z.object({ label: z.string(), enteredBy: z.string(), photo: ZPhoto })),
    proxies: z.array(z.object({ label: z.string(), mobile: z.string(), written: z.boolean(), photo: ZPhoto.nullable() })),
    /** Written authorisations withdrawn by staff (已撤销), kept with their photo and reason. */
    withdrawn: z.array(z.object({ label: z.string(), mobile: z.string(), reason: z.string(), by: z.string(), at: z.number().int(), photo: ZPhoto.nullable() })),
    /** Refused ballots and voided paper ballots (voidReason set: 已作废, with its photo kept). */
    refused: z.array(z.object({ label: z.string(), channel: z.string(), who: z.string(), at: z.number().int(), voidReason: z.string().nullable(), photo: ZPhoto.nullable() })),
  }),
});

/** 作废纸质票: staff void a paper ballot entered for the wrong home while the vote is open, with a reason; the home's owners are told. */
export const voidPaperBallot = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/paper/void',
  summary: '作废录错房屋的纸质表决票（须填理由，通知业主）',
  body: z.object({
    unitId: ZUnitId,
    reason: z.string({ error: MSG_VOID_REASON }).trim().min(2, MSG_VOID_REASON).max(VOID_REASON_MAX, MSG_VOID_REASON),
  }),
  data: z.object({ label: z.string() }),
});

/**
 * 撤销书面委托: staff withdraw a written authorisation they recorded (the owner revoked it in
 * writing, or it was recorded for the wrong home) until the home has voted and the vote ends, with a
 * reason; kept as 已撤销, the home's owners told.
 */
export const withdrawWrittenProxy = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/proxy/written/withdraw',
  summary: '撤销书面委托（委托人投票前，须填理由，通知业主）',
  body: z.object({
    unitId: ZUnitId,
    reason: z.string({ error: MSG_WITHDRAW_REASON }).trim().min(2, MSG_WITHDRAW_REASON).max(VOID_REASON_MAX, MSG_WITHDRAW_REASON),
  }),
  data: z.object({ label: z.string() }),
});

/** 撤回委托: the owner who named a proxy in the app withdraws it, until the proxy has voted. */
export const withdrawProxy = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/:id/proxy/withdraw',
  summary: '撤回委托（委托人投票前）',
  data: z.object({ labels: z.array(z.string()) }),
});

/** The caller's proxies named in the app for this vote (the owner's screen shows them with a withdraw button). */
export const myProxies = defineEndpoint({
  method: 'GET',
  path: '/v1/polls/:id/proxy',
  summary: '我设立的委托',
  data: z.object({ proxies: z.array(z.object({ label: z.string(), mobile: z.string(), voted: z.boolean() })) }),
});
export { VOIDED, WITHDRAWN, enterPaperBallotCall, getBallotDeskCall, myProxiesCall, nameProxyCall, recordWrittenProxyCall, voidPaperBallotCall, withdrawProxyCall, withdrawWrittenProxyCall } from './paper-proxy-calls';
