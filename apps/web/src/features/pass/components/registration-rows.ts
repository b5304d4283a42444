import { countryName } from '@sq/contract/documents/country-names';
import { CARD_TYPE_LABEL, DEFAULT_CARD_TYPE, isCardType } from '@sq/contract/documents/document-types';
import type { RegistrationMasked } from '@sq/contract/pass/registration-schemas';
import { formatUnix } from '../lib/time-format';
import type { InfoRow } from './info-rows';

type Entered = Pick<
  RegistrationMasked,
  'name' | 'mobile' | 'cardType' | 'card' | 'nationality' | 'owner' | 'address' | 'expire_time' | 'company' | 'other' | 'isReturn' | 'return_date' | 'wuhan' | 'vehicle' | 'backup' | 'No'
>;
type Shown = Entered & Pick<RegistrationMasked, 'community' | 'created_at'>;

/** The registration as label/value lines, in the order of the form. */
export function registrationRows(r: Shown): InfoRow[] {
  const rows = enteredRows(r);
  const at = rows.findIndex((row) => row.label === '地址');
  return [...rows.slice(0, at), { label: '所在社区', value: r.community }, ...rows.slice(at), { label: '登记时间', value: formatUnix(r.created_at) }];
}

/**
 * Every answer the person gave, in the order of the form (the confirm box before submitting shows
 * them all: the visit reason and the return details too); answers of other identities left out.
 */
export function enteredRows(r: Entered): InfoRow[] {
  const returned = r.isReturn === 1;
  // A mainland ID card keeps its familiar line; other documents say which one they are.
  const mainland = r.cardType === DEFAULT_CARD_TYPE || !isCardType(r.cardType);
  const document: InfoRow[] = mainland
    ? [{ label: '身份证号', value: r.card }]
    : [
        { label: '证件类型', value: CARD_TYPE_LABEL[r.cardType as keyof typeof CARD_TYPE_LABEL] },
        { label: '证件号码', value: r.card },
        { label: '国籍', value: countryName(r.nationality) },
      ];
  return [
    { label: '姓名', value: r.name },
    { label: '手机号', value: r.mobile },
    ...document,
    { label: '身份', value: r.owner },
    { label: '地址', value: r.address },
    { label: '楼号房间', value: r.No },
    { label: '租赁截止', value: r.owner === '租户' ? (r.expire_time ?? '') : '' },
    { label: '公司名称', value: r.owner === '公司' ? r.company : '' },
    { label: '来访事由', value: r.owner === '访客' ? r.other : '' },
    { label: '十四天内返京', value: returned ? '是' : '否' },
    { label: '返京时间', value: returned ? (r.return_date ?? '') : '' },
    { label: '从何地返京', value: returned ? r.wuhan : '' },
    { label: '交通方式', value: returned ? r.vehicle : '' },
    { label: '航班/车次', value: returned ? r.backup : '' },
  ];
}
