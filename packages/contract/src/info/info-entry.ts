import { z } from 'zod';
import { CHINA_BOUNDS } from '../map/geo';

/** Contact entries come 10 to a page: a screen and a half on a phone, loaded on scroll (spec §9). */
export const INFO_PAGE_SIZE = 10;
/** Department names longer than this are sentences, not names (the longest real ones are ~25). */
export const DEPARTMENT_MAX = 40;
/** An address line fits two lines of a phone screen. */
export const ADDRESS_MAX = 100;
/** Landlines with area code and extension ("010-64701234-8001") or mobiles; digits, +, - and spaces. */
export const CONTACT_PATTERN = /^\+?[\d][\d\s-]{2,23}$/;

// Spec §5 "Add-info form": name, phone (numeric), detail address and category, in that order.
export const MSG_DEPARTMENT_REQUIRED = '请输入名称';
export const MSG_CONTACT_REQUIRED = '请输入电话';
export const MSG_CONTACT_INVALID = '请输入正确的电话号码';
export const MSG_ADDRESS_REQUIRED = '请输入详细地址';
export const MSG_TYPE_REQUIRED = '请选择类别';
export const MSG_NOT_JOINED = '请先加入该社区';
export const MSG_INFO_NOT_FOUND = '该信息不存在';
export const MSG_UNCHANGED = '信息没有变化，无需提交';
export const MSG_DUPLICATE = '该信息已存在';
export const MSG_ALREADY_SUBMITTED = '您已提交过相同的内容，请等待审核';
export const MSG_BAD_LOCATION = '地图位置不正确';

/** Spec §3 "Community info entry". `_id` is the wire name of the entry's id. */
export const ZInfo = z.object({
  _id: z.string(),
  department: z.string(),
  contact: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  address: z.string(),
  mapAddress: z.string(),
  typeName: z.string(),
  typeId: z.number().int(),
});
export type Info = z.infer<typeof ZInfo>;

export const ZDepartment = z
  .string({ error: MSG_DEPARTMENT_REQUIRED })
  .trim()
  .min(1, MSG_DEPARTMENT_REQUIRED)
  .max(DEPARTMENT_MAX, `名称不能超过${DEPARTMENT_MAX}个字`);
export const ZContact = z
  .string({ error: MSG_CONTACT_REQUIRED })
  .trim()
  .min(1, MSG_CONTACT_REQUIRED)
  .regex(CONTACT_PATTERN, MSG_CONTACT_INVALID);
export const ZAddress = z
  .string({ error: MSG_ADDRESS_REQUIRED })
  .trim()
  .min(1, MSG_ADDRESS_REQUIRED)
  .max(ADDRESS_MAX, `详细地址不能超过${ADDRESS_MAX}个字`);
export const ZTypeId = z.number({ error: MSG_TYPE_REQUIRED }).int(MSG_TYPE_REQUIRED).min(1, MSG_TYPE_REQUIRED);
// Bounds are read inside: a property read at the call would keep the schema in every bundle.
const coordinate = /*#__NO_SIDE_EFFECTS__*/ (axis: 'Lng' | 'Lat') =>
  z.number({ error: MSG_BAD_LOCATION }).min(CHINA_BOUNDS[`min${axis}`], MSG_BAD_LOCATION).max(CHINA_BOUNDS[`max${axis}`], MSG_BAD_LOCATION).nullable().optional();
/** The picked map point is optional: an office without a map location can still be listed. */
export const ZInfoLng = coordinate('Lng');
export const ZInfoLat = coordinate('Lat');
export const ZMapAddress = z.string({ error: MSG_BAD_LOCATION }).trim().max(200, MSG_BAD_LOCATION).optional();

/** Submission statuses, like registrations: 0 pending review, 1 accepted, -1 rejected. */
export const SubmissionStatus = { pending: 0, accepted: 1, rejected: -1 } as const;

/** A resident's suggestion as reviewers and its author see it; `current` is the entry it would change. */
/** A reviewer may not decide their own submission (four eyes on what everyone then sees). */
export const MSG_OWN_SUBMISSION = '不能审核自己提交的信息，请由其他管理人员审核';

export const ZSubmission = z.object({
  _id: z.string(),
  /** 'create' adds an entry (补充信息); 'report' corrects `infoId` (纠错). */
  kind: z.enum(['create', 'report']),
  infoId: z.string().nullable(),
  poiId: z.string().nullable(),
  streetId: z.string().nullable(),
  status: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  department: z.string(),
  contact: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  address: z.string(),
  mapAddress: z.string(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  submitter: z.string(),
  /** In the review queue: the reviewer sent this one themselves, so another reviewer decides it. */
  mine: z.boolean().optional(),
  current: /*#__PURE__*/ ZInfo.nullable(),
});
export type Submission = z.infer<typeof ZSubmission>;

/** Whether the caller chose a community (poiId) or a street (streetId) list. */
export const ZScope = {
  poiId: z.string().trim().min(1).max(64).optional(),
  streetId: z.string().trim().min(1).max(64).optional(),
};
export const MSG_SCOPE_REQUIRED = '请选择社区';
