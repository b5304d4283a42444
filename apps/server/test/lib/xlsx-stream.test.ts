import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { beijingCell, dayCell } from '../../src/lib/xlsx/cells';
import { ClientGoneError, createXlsxStream, type SheetCell } from '../../src/lib/xlsx/xlsx-stream';
import { readXlsx } from '../support/read-xlsx';

async function writeToBuffer(rows: SheetCell[][], batch = 1000) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const xlsx = await createXlsxStream(out, '登记记录', [
    { header: '姓名', width: 12 },
    { header: '手机号', width: 14 },
    { header: '次数', width: 8 },
    { header: '时间', width: 17, format: 'dateTime' },
    { header: '日期', width: 12, format: 'date' },
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
    const { sheetName, rows } = await readXlsx(file);
    expect(sheetName).toBe('登记记录');
    expect(rows).toEqual([
      ['姓名', '手机号', '次数', '时间', '日期'],
      ['张三', '138****0000', 3],
      // Markup is text and a formula-looking string stays a string: nothing is evaluated.
      ['<李&四>"', '=1+1'],
      ['控制', null, 0],
    ]);
  });

  it('writes times and dates as date cells showing the Beijing wall clock', async () => {
    // 2026-11-21 17:30 UTC is 2026-11-22 01:30 in Beijing: the day a manager filters on is the 22nd.
    const file = await writeToBuffer([['张三', '', 1, beijingCell(new Date('2026-11-21T17:30:00Z')), dayCell('2027-06-30')]]);
    const { rows, formats } = await readXlsx(file);
    expect(rows[1]![3]).toEqual(new Date('2026-11-22T01:30:00Z'));
    expect(rows[1]![4]).toEqual(new Date('2027-06-30T00:00:00Z'));
    expect(formats.slice(3)).toEqual(['yyyy-mm-dd hh:mm', 'yyyy-mm-dd']);
    expect(dayCell('')).toBe('');
    expect(dayCell('长期')).toBe('长期');
  });

  it('writes 50,000 rows', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [`住户${i}`, `138****${String(i % 10_000).padStart(4, '0')}`, i]);
    const file = await writeToBuffer(rows);
    const { rows: read } = await readXlsx(file);
    expect(read).toHaveLength(50_001);
    expect(read[50_000]).toEqual(['住户49999', '138****9999', 49_999]);
  });

  it('stops with ClientGoneError when the download is cancelled', async () => {
    const out = new PassThrough();
    const xlsx = await createXlsxStream(out, '出入记录', [{ header: '姓名', width: 12 }]);
    await xlsx.addRows([['张三']]);
    out.destroy();
    await expect(xlsx.addRows([['李四']])).rejects.toBeInstanceOf(ClientGoneError);
  });
});
