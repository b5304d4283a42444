import { RESIDENT_IMPORT_HEADER, RESIDENT_OWNERS } from '@sq/contract/residents/import-residents';
import { writeWorkbook } from '../../lib/xlsx/read-sheet';

let template: Promise<Buffer> | null = null;

const GUIDE = [
  ['列', '怎么填'],
  ['姓名', '必填'],
  ['手机号', '必填。住户用这个手机号登录后即可看到自己的通行证；港澳台及外籍人员可填境外号码，如 +85291234567'],
  ['证件类型', '不填为居民身份证；也可填 港澳台居民居住证、港澳居民来往内地通行证、台湾居民来往大陆通行证、外国人永久居留身份证、护照'],
  ['证件号码', '必填'],
  ['国籍', '证件为护照时必填，填国家名称（如 美国）或两位字母代码（如 US）'],
  ['身份', `必填：${RESIDENT_OWNERS.join('、')}（访客请在门口扫码登记，不能导入）`],
  ['地址', '必填，如 3号楼2单元501'],
  ['楼号', '选填'],
  ['租赁截止日期', '身份为租户时必填，如 2027-06-30，须在今天至3年内'],
  ['公司名称', '身份为公司时必填'],
  [],
  ['说明', '同一手机号在本小区已有登记的，导入时保持原样，不会重复添加。导入的住户视为已审核通过；首次登录时会看到个人信息处理说明。'],
];

/**
 * The residents' template: on the first sheet (the one imported) only the header, with text
 * format on every column but the date so Excel keeps mobiles and 18-digit ID numbers as typed
 * (as numbers it would round them); how to fill each column on a second sheet, so no example row
 * is ever imported as a person. Built once.
 */
export function residentsTemplate(): Promise<Buffer> {
  template ??= writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet('住户名单');
    const widths = [10, 14, 18, 22, 10, 12, 28, 8, 14, 16];
    sheet.columns = RESIDENT_IMPORT_HEADER.map((header, i) => ({ header, width: widths[i], style: i === 8 ? { numFmt: 'yyyy-mm-dd' } : { numFmt: '@' } }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    const guide = workbook.addWorksheet('填写说明');
    guide.columns = [{ width: 14 }, { width: 90 }];
    for (const row of GUIDE) guide.addRow(row);
    guide.getRow(1).font = { bold: true };
  });
  return template;
}
