import { UNIT_IMPORT_HEADER } from '@sq/contract/units/unit-rules';
import { writeWorkbook } from '../../lib/xlsx/read-sheet';

let template: Promise<Buffer> | null = null;

/**
 * The import template: the header, one example row, and text format on 单元, 房号 and the mobiles,
 * so Excel keeps 0101 and long numbers as typed. Built once.
 */
export function unitsTemplate(): Promise<Buffer> {
  template ??= writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet('房屋登记');
    sheet.columns = UNIT_IMPORT_HEADER.map((header, i) => ({ header, width: [10, 8, 10, 22, 36][i], style: i === 3 ? {} : { numFmt: '@' } }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow(['1', '2', '1201', 89.5, '13800000000,13900000000']);
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  });
  return template;
}
