import { z } from 'zod';

/** Registration statuses (spec §4): 0 pending review, 1 approved, -1 returned for edit. */
export const RegistrationStatus = { pending: 0, approved: 1, returned: -1 } as const;
export const STATUS_LABEL: Record<number, string> = { 0: '待审核', 1: '已通过', [-1]: '已退回' };
/** The label of a -1 registration whose approved pass was revoked (the `revoked` field). */
export const REVOKED_LABEL = '已撤销';
/** A registration's status as people read it: 已撤销 apart from 已退回. */
export const statusLabel = (r: { status: number; revoked: boolean }) => (r.status === RegistrationStatus.returned && r.revoked ? REVOKED_LABEL : (STATUS_LABEL[r.status] ?? ''));

const fieldSchemas = {
  _id: z.string(),
  name: z.string(),
  /** 证件类型 (documents/document-types: 'id' a mainland ID card, the only kind before types existed). */
  cardType: z.string(),
  /** ISO 3166 alpha-2 nationality of a passport holder; '' otherwise. */
  nationality: z.string(),
  owner: z.string(),
  address: z.string(),
  expire_time: z.string().nullable(),
  company: z.string(),
  other: z.string(),
  isReturn: z.number().int(),
  return_date: z.string().nullable(),
  wuhan: z.string(),
  vehicle: z.string(),
  backup: z.string(),
  No: z.string(),
  status: z.number().int(),
  /** While sent back (-1): why, as staff wrote it; '' otherwise or when no reason was given. */
  returnReason: z.string(),
  /**
   * While -1: true when staff revoked the approved pass (撤销), false when they sent it back in
   * review (退回). The spec's -1 means both; this field (not in the spec) tells them apart.
   */
  revoked: z.boolean(),
  openId: z.string().nullable(),
  community: z.string(),
  poiId: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
};

/** A registration in lists and to its own person: mobile and ID number masked (PIPL). */
export const ZRegistrationMasked = z.object(fieldSchemas).extend({ mobile: z.string(), card: z.string() });
export type RegistrationMasked = z.infer<typeof ZRegistrationMasked>;

export const ZReview = z.object({
  from: z.number().int(),
  to: z.number().int(),
  by: z.string(),
  at: z.number().int(),
  /** The reason given with a send-back or revocation ('' when none). */
  reason: z.string(),
});

/** The staff detail view: whole mobile and ID number (every such view is audited), plus history. */
export const ZRegistrationDetail = z.object(fieldSchemas).extend({
  mobile: z.string(),
  card: z.string(),
  /** The vehicle plates registered with it, whole (车辆). */
  plates: z.array(z.string()),
  reviews: z.array(ZReview),
});
export type RegistrationDetail = z.infer<typeof ZRegistrationDetail>;
