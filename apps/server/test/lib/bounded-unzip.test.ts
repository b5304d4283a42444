import ExcelJS from 'exceljs';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipBounded, UnzipError } from '../../src/lib/xlsx/bounded-unzip';
import { MiB, xlsxBomb } from '../support/zip-bomb';

async function workbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('住户');
  for (let i = 0; i < rows; i++) sheet.addRow([`住户${i}`, `139${String(10_000_000 + i)}`, '北京市朝阳区望京花园西区8号楼2单元601']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('unzipping an upload with a running byte cap', () => {
  it('gives every part of a workbook as it is', async () => {
    const file = await workbook(2_000);
    const parts = await unzipBounded(file, { maxBytes: 32 * MiB, maxEntries: 100 });
    const expected = Object.entries(unzipSync(file)).filter(([name]) => !name.endsWith('/'));
    expect([...parts.keys()].sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, data] of expected) expect(Buffer.from(parts.get(name)!).equals(Buffer.from(data)), name).toBe(true);
  });

  it('stops a zip bomb whose headers claim 2 KB as soon as the count passes the cap', async () => {
    const bomb = await xlsxBomb(await workbook(1));
    expect(bomb.length).toBeLessThan(300 * 1024);
    const cap = 32 * MiB;
    const refused = await unzipBounded(bomb, { maxBytes: cap, maxEntries: 100 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnzipError);
    expect((refused as UnzipError).reason).toBe('tooLarge');
    // Past the cap by less than what one 16 KB compressed chunk inflates to, far from the 200 MiB.
    expect((refused as UnzipError).inflated).toBeGreaterThan(cap);
    expect((refused as UnzipError).inflated).toBeLessThan(cap + 17 * MiB);
  });

  it('counts all parts together, and refuses too many parts or what is no zip', async () => {
    const parts = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`part${i}.xml`, new Uint8Array(MiB)]));
    const file = zipSync(parts, { level: 9 });
    await expect(unzipBounded(file, { maxBytes: 6 * MiB, maxEntries: 10 })).resolves.toHaveProperty('size', 5);
    await expect(unzipBounded(file, { maxBytes: 4 * MiB, maxEntries: 10 })).rejects.toMatchObject({ reason: 'tooLarge' });
    await expect(unzipBounded(file, { maxBytes: 6 * MiB, maxEntries: 4 })).rejects.toMatchObject({ reason: 'tooLarge' });
    await expect(unzipBounded(strToU8('楼栋,单元,房号\n'), { maxBytes: MiB, maxEntries: 10 })).rejects.toMatchObject({ reason: 'notZip' });
  });
});
