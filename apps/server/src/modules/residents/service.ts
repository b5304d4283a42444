import { beijingDate } from '@sq/contract/beijing-time';
import { countryCodeOf } from '@sq/contract/documents/countries';
import { checkRegistration } from '@sq/contract/pass/registration-check';
import type { Registration, RegistrationInput } from '@sq/contract/pass/registration-rules';
import {
  RESIDENT_IMPORT_FIELDS,
  RESIDENT_IMPORT_HEADER,
  RESIDENT_IMPORT_MAX_BYTES,
  RESIDENT_IMPORT_MAX_ROWS,
  RESIDENT_OWNERS,
  ResidentImportMsg,
} from '@sq/contract/residents/import-residents';
import type { ImportProblem } from '@sq/contract/manage/sheet-import';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { readImportSheet } from '../../lib/xlsx/import-sheet';
import type { CellValue } from '../../lib/xlsx/read-sheet';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import { registrationRow } from '../pass/registration-row';
import type { ImportProgress } from './progress';
import type { ResidentsRepo } from './repo';

type Field = (typeof RESIDENT_IMPORT_FIELDS)[number];
/** Problems name the column as the template does, without its note in brackets. */
const COLUMN = Object.fromEntries(RESIDENT_IMPORT_FIELDS.map((f, i) => [f, RESIDENT_IMPORT_HEADER[i]!.replace(/（.*$/, '')])) as Record<Field, string>;
/** Rows checked before other requests (and the progress bar) get a turn. */
const CHECK_SLICE = 500;

/** A date as a spreadsheet gives it: a date cell (read as UTC midnight), 2027-06-30, 2027/6/30, 2027年6月30日. */
function dayText(value: CellValue): string {
  const text = value === null ? '' : String(value).trim();
  const cell = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.000)?Z$/.exec(text);
  if (cell) return cell[1]!;
  const typed = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  return typed ? `${typed[1]}-${typed[2]!.padStart(2, '0')}-${typed[3]!.padStart(2, '0')}` : text;
}

/**
 * One row judged as the registration form judges it (checkRegistration), with what a spreadsheet
 * adds: 身份 limited to residents, 国籍 by name or code, dates as cells. The travel questions of
 * the form are not asked of imported residents (nothing to record, so nothing kept).
 */
function checkRow(cells: CellValue[], today: string): { value: Registration } | { problem: { field: Field; message: string } } {
  const cell = (f: Field) => cells[RESIDENT_IMPORT_FIELDS.indexOf(f)] ?? null;
  const owner = String(cell('owner') ?? '').trim();
  const nationalityText = String(cell('nationality') ?? '').trim();
  const nationality = nationalityText ? countryCodeOf(nationalityText) : '';
  const input: RegistrationInput = {
    ...Object.fromEntries(RESIDENT_IMPORT_FIELDS.map((f) => [f, cell(f) ?? undefined])),
    // 访客 and anything else: refused at 身份 with the import's own message.
    owner: (RESIDENT_OWNERS as readonly string[]).includes(owner) ? owner : '',
    nationality,
    expire_time: dayText(cell('expire_time')),
    isReturn: '0',
  };
  const checked = checkRegistration(input, today);
  if (!checked.ok) {
    const field = checked.field as Field;
    if (field === 'owner') return { problem: { field, message: ResidentImportMsg.owner } };
    if (field === 'nationality' && nationalityText) return { problem: { field, message: ResidentImportMsg.nationality } };
    return { problem: { field: RESIDENT_IMPORT_FIELDS.includes(field) ? field : 'name', message: checked.message } };
  }
  return { value: checked.value };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createResidentsService(deps: { repo: ResidentsRepo; access: AccessService; audit: AuditRepo; pii: PiiCipher; progress: ImportProgress; now: () => Date }) {
  const { repo, access, audit, pii, progress, now } = deps;

  /** A list of many people's ID numbers: administrators and managers only, as the register is. */
  async function requireManager(caller: Caller, poiId: string) {
    const scope = await access.requireStaff(caller, poiId);
    if (scope.role.kind === 'duty') throw forbidden(ResidentImportMsg.notAllowed);
    return scope;
  }

  return {
    /**
     * Checks every row and, when asked, writes in one transaction all of them, or only the good
     * ones when the manager chose so. People already registered here (same mobile) stay as they are.
     */
    async import(caller: Caller, query: { poiId: string; commit: '0' | '1'; skipBad: '0' | '1'; progress?: string }, file: Buffer | undefined) {
      const scope = await requireManager(caller, query.poiId);
      const track = progress.start(caller.userId, query.progress);
      try {
        const sheet = await readImportSheet(file, { maxBytes: RESIDENT_IMPORT_MAX_BYTES, maxRows: RESIDENT_IMPORT_MAX_ROWS, header: RESIDENT_IMPORT_HEADER }, ResidentImportMsg);
        const at = now();
        const today = beijingDate(at);
        const problems: ImportProblem[] = [];
        const good: Registration[] = [];
        const seen = new Map<string, number>();
        for (let i = 0; i < sheet.length; i++) {
          if (i % CHECK_SLICE === 0) {
            track.set('checking', i, sheet.length);
            await turn();
          }
          const { row, cells } = sheet[i]!;
          const checked = checkRow(cells, today);
          if ('problem' in checked) {
            problems.push({ row, column: COLUMN[checked.problem.field], message: checked.problem.message });
            continue;
          }
          const first = seen.get(checked.value.mobile);
          if (first) {
            problems.push({ row, column: COLUMN.mobile, message: `${ResidentImportMsg.duplicateInFile}（第${first}行）` });
            continue;
          }
          seen.set(checked.value.mobile, row);
          good.push(checked.value);
        }
        const rows = good.map((value) => registrationRow(pii, value, at, today, false));
        const answer = { rows: sheet.length, good: good.length, problems, existing: 0, created: 0, written: false };
        if (query.commit !== '1') {
          answer.existing = (await repo.registeredMobiles(scope.poiId, rows.map((r) => r.mobileHash))).size;
          return answer;
        }
        if (problems.length && query.skipBad !== '1') throw badRequest(ResidentImportMsg.badRowsLeft);
        if (!rows.length) return answer;
        track.set('writing', 0, rows.length);
        const { created, existing } = await repo.importApproved(scope.poiId, rows, caller.userId, at, (done) => track.set('writing', done, rows.length));
        // Counts only: the file is personal data.
        await audit.record({ actorId: caller.userId, action: 'residents.import', poiId: scope.poiId, rows: created, detail: { existing, skipped: sheet.length - good.length } });
        return { ...answer, existing, created, written: true };
      } finally {
        track.end();
      }
    },

    async progress(caller: Caller, body: { poiId: string; progress: string }) {
      await requireManager(caller, body.poiId);
      const run = progress.get(caller.userId, body.progress);
      if (!run) throw notFound(ResidentImportMsg.progressUnknown);
      return run;
    },
  };
}
export type ResidentsService = ReturnType<typeof createResidentsService>;
