import type { FastifyInstance } from 'fastify';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { RESIDENT_IMPORT_MAX_BYTES } from '@sq/contract/residents/import-residents';
import { UNIT_IMPORT_MAX_BYTES } from '@sq/contract/units/import-units';

/**
 * The imports' bodies are the .xlsx files themselves; only these two types are read as bytes
 * (every other body stays at the JSON limit). Twice the largest import's limit is read, so a file
 * just over an import's limit hears that import's own message rather than the generic "too large".
 */
export function registerXlsxBody(scope: FastifyInstance) {
  const bodyLimit = 2 * Math.max(UNIT_IMPORT_MAX_BYTES, RESIDENT_IMPORT_MAX_BYTES);
  scope.addContentTypeParser([XLSX_TYPE, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));
}
