import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { IMPORT_MAX_UNPACKED_BYTES } from '@sq/contract/manage/sheet-import';
import { RESIDENT_IMPORT_HEADER } from '@sq/contract/residents/import-residents';
import { registrations } from '@sq/server/db/schema';
import { readFirstSheet } from '@sq/server/lib/xlsx/read-sheet';
import { openBenchDatabase } from './support/bench-app';
import { loginAt, startDeployedApp } from './support/deployed';
import { person } from './support/people';
import { registrationRow } from './support/registrations';
import type { BenchReport } from './report';

const HOME = 'DEMO000001';
const OTHER = 'DEMO000002';
const ROWS = 5000;
const TARGET_SECONDS = 10;

/** The office's spreadsheet: ROWS residents of series `series`, as a manager fills the template. */
async function residentsFile(series: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('住户名单');
  sheet.addRow([...RESIDENT_IMPORT_HEADER]);
  for (let i = 0; i < ROWS; i++) {
    const p = person(i, series);
    sheet.addRow([p.name, p.mobile, '居民身份证', p.card, '', '业主', p.address, p.buildingNo, '', '']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * 导入住户 (issue 15: 5,000 rows imported in ≤ 10 s, with a progress bar): a manager's upload of a
 * 5,000-row file with commit=1 to the app as deployed (its own process, default access log to a
 * file), timed from the request to its answer while the page's progress question is asked twice
 * a second. Baseline, the same run: what any import must do – read the same file with exceljs,
 * encrypt and hash each row's numbers, INSERT the rows in one transaction – done directly.
 */
export async function importBench(): Promise<BenchReport> {
  const store = await openBenchDatabase();
  const { db } = store.database;
  const [baseFile, file] = await Promise.all([residentsFile(11), residentsFile(12)]);

  const baseStart = performance.now();
  const sheet = await readFirstSheet(baseFile, { maxRows: ROWS, maxUnpackedBytes: IMPORT_MAX_UNPACKED_BYTES });
  const rows = sheet.slice(1).map((_, i) => registrationRow(store.pii, OTHER, person(i, 11), { status: 1 }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(registrations).values(rows.slice(i, i + 500));
  });
  const baseSeconds = (performance.now() - baseStart) / 1000;
  await db.execute(sql`delete from registrations where poi_id = ${OTHER} and mobile_hash in (${sql.join(rows.map((r) => sql`${r.mobileHash}`), sql`, `)})`);

  await store.close();
  const app = await startDeployedApp(store.env);
  const manager = await loginAt(app.origin, '13800000002');
  const before = await fetchCount(app.origin, manager);
  const run = `bench-${Date.now()}`;
  const phases: string[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const res = (await fetch(`${app.origin}/v1/manage/residents/importProgress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: manager },
        body: JSON.stringify({ poiId: HOME, progress: run }),
      }).then((r) => r.json())) as { code: number; data: { phase: string; done: number; total: number } | null };
      if (res.code === 200 && res.data) phases.push(`${res.data.phase} ${res.data.done}/${res.data.total}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const start = performance.now();
  const answer = (await fetch(`${app.origin}/v1/manage/residents/import?poiId=${HOME}&commit=1&progress=${run}`, {
    method: 'POST',
    headers: { 'content-type': XLSX_TYPE, token: manager },
    body: file,
  }).then((r) => r.json())) as { code: number; message: string; data: { created: number } };
  const seconds = (performance.now() - start) / 1000;
  polling = false;
  await poller;
  const found = (await fetchCount(app.origin, manager)) - before;
  await app.stop();
  await store.drop();
  if (answer.code !== 200) throw new Error(`the import answered ${answer.code}: ${answer.message}`);

  return {
    name: `import: ${ROWS.toLocaleString('en-US')} residents from .xlsx, POST /v1/manage/residents/import (${store.database.kind}, as deployed)`,
    unit: 'rows/s',
    baseline: { label: 'exceljs read + encrypt + INSERT in one transaction, directly', value: ROWS / baseSeconds },
    measured: { label: 'the import, request to answer', value: answer.data.created / seconds },
    notes: [
      `target ${ROWS.toLocaleString('en-US')} rows in ≤ ${TARGET_SECONDS} s: ${seconds.toFixed(2)} s ${seconds <= TARGET_SECONDS ? '(met)' : '(NOT MET)'}; baseline ${baseSeconds.toFixed(2)} s`,
      `    written: ${answer.data.created} created, ${found} more approved registrations in the list afterwards`,
      `    progress seen by the page (every 0.5 s): ${phases.join(' → ') || 'none'}`,
    ].join('\n'),
  };
}

async function fetchCount(origin: string, token: string): Promise<number> {
  const res = (await fetch(`${origin}/v1/userCard/list`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ poiId: HOME }) }).then((r) => r.json())) as {
    data: { status_1: number };
  };
  return res.data.status_1;
}
