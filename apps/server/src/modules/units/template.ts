import type { DataValidation } from 'exceljs';
import { UNIT_IMPORT_HEADER, UNIT_IMPORT_MAX_ROWS, UNIT_OWNERS_MAX } from '@sq/contract/units/unit-rules';
import { writeWorkbook } from '../../lib/xlsx/read-sheet';

let template: Promise<Buffer> | null = null;

/**
 * Example rows as a property office holds its register: 0101 with two co-owners (the home's
 * columns on its first row only), 0102 bought by the same 张三 (one owner of two homes under art. 9),
 * 0201 still the developer's. The mobiles are the old template's placeholders, none a demo account's.
 */
const EXAMPLES = [
  ['1', '1', '0101', 89.5, '登记', '京(2021)朝阳区不动产权第0012345号', '张三', '13800000000', '否'],
  ['1', '1', '0101', null, null, null, '李四', '13900000000', '否'],
  ['1', '1', '0102', 92.3, '合同', null, '张三', '13800000000', '否'],
  ['1', '1', '0201', 120.58, '实测', null, '北京某某置业有限公司', null, '是'],
];

const GUIDE = [
  ['列', '怎么填'],
  ['楼栋、单元、房号', '必填楼栋和房号；没有单元的留空。房号按门牌填写，如 0101（本表已设为文本格式，开头的0不会丢失）'],
  ['专有部分面积（平方米）', '必填，大于0，最多两位小数，如 89.5'],
  ['面积来源', '登记（不动产登记簿记载面积）、实测（测绘机构实测面积）或合同（房屋买卖合同记载面积）；不知道的留空'],
  ['不动产权证号', '选填，最多40个字，如 京(2021)朝阳区不动产权第0012345号；加密保存，页面上只显示前后几位'],
  ['业主姓名', `每位业主一行。一户有多位共有人的，每人一行、填在相邻的行，楼栋、单元、房号相同；面积、面积来源、不动产权证号填在这一户的第一行，其余行留空或填相同内容。每户最多${UNIT_OWNERS_MAX}位业主`],
  ['业主手机号', '选填，每行一个手机号；填了的业主可在线为这户投票。同一业主有多套房屋的，各行的姓名和手机号要一致，这样按一位业主计算'],
  ['开发建设单位', '开发建设单位尚未出售或尚未交付的房屋填“是”，业主姓名一列填单位名称，不要再填其他业主；其他留空或填“否”'],
  ['业主不明的房屋', '只填一行房屋信息，姓名和手机号留空'],
  [],
  ['说明', `第一个工作表中的示例行请删去后再填写。每次最多${UNIT_IMPORT_MAX_ROWS}行；已登记的房屋（楼栋、单元、房号相同）按表格更新，业主以表格为准。上传后会先列出有问题的行，确认后才写入。`],
];

/**
 * The import template: the header, example rows, text format on every column but the area (so
 * Excel keeps 0101, 11-digit mobiles and certificate numbers as typed), drop-downs on 面积来源 and
 * 开发建设单位, and how to fill each column on a second sheet (the import reads the first only). Built once.
 */
export function unitsTemplate(): Promise<Buffer> {
  template ??= writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet('房屋登记');
    const widths = [8, 8, 10, 14, 14, 34, 22, 14, 12];
    sheet.columns = UNIT_IMPORT_HEADER.map((header, i) => ({ header, width: widths[i], style: i === 3 ? {} : { numFmt: '@' } }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).alignment = { wrapText: true, vertical: 'middle' };
    for (const row of EXAMPLES) sheet.addRow(row);
    // exceljs has `dataValidations` (one entry for a whole column's range) but leaves it out of its types.
    const validations = (sheet as unknown as { dataValidations: { add(range: string, v: DataValidation): void } }).dataValidations;
    const list = (col: string, values: string) =>
      validations.add(`${col}2:${col}${UNIT_IMPORT_MAX_ROWS + 1}`, { type: 'list', allowBlank: true, formulae: [`"${values}"`], showErrorMessage: true, errorTitle: '请从列表中选择', error: `请填写：${values.replaceAll(',', '、')}` });
    list('E', '登记,实测,合同');
    list('I', '是,否');
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    const guide = workbook.addWorksheet('填写说明');
    guide.columns = [{ width: 20 }, { width: 90 }];
    for (const row of GUIDE) guide.addRow(row);
    guide.getRow(1).font = { bold: true };
  });
  return template;
}
