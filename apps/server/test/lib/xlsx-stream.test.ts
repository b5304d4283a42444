import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createXlsxStream } from '../../src/lib/xlsx/xlsx-stream';
import { columnName } from '../../src/lib/xlsx/xml';
import { readXlsx } from '../support/read-xlsx';

async function writeToBuffer(rows: (string | number | null)[][], batch = 1000) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const xlsx = createXlsxStream(out, '登记记录', [
    { header: '姓名', width: 12 },
    { header: '手机号', width: 14 },
    { header: '次数', width: 8 },
  ]);
  for (let i = 0; i < rows.length; i += batch) await xlsx.addRows(rows.slice(i, i + batch));
  await xlsx.finish();
  return Buffer.concat(chunks);
}

describe('streaming xlsx', () => {
  it('opens in a spreadsheet reader with the Chinese headers and every row', async () => {
    const file = await writeToBuffer([
      ['张三', '138****0000', 3],
      ['<李&四>"', '=1+1'],
      ['控\u0001制', '', 0],
    ]);
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const { sheetName, rows } = readXlsx(file);
    expect(sheetName).toBe('登记记录');
    expect(rows).toEqual([
      ['姓名', '手机号', '次数'],
      ['张三', '138****0000', 3],
      // Markup is text and a formula-looking string stays a string: nothing is evaluated.
      ['<李&四>"', '=1+1'],
      ['控制', null, 0],
    ]);
  });

  it('writes 50,000 rows', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [`住户${i}`, `138****${String(i % 10_000).padStart(4, '0')}`, i]);
    const file = await writeToBuffer(rows);
    const { rows: read } = readXlsx(file);
    expect(read).toHaveLength(50_001);
    expect(read[50_000]).toEqual(['住户49999', '138****9999', 49_999]);
  });

  it('names columns past Z', () => {
    expect([columnName(0), columnName(25), columnName(26), columnName(701), columnName(702)]).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });
});
