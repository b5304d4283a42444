import type { FastifyInstance } from 'fastify';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { IMAGE_MAX_BYTES } from '@sq/contract/images/image-rules';
import { RESIDENT_IMPORT_MAX_BYTES } from '@sq/contract/residents/import-residents';
import { UNIT_IMPORT_MAX_BYTES } from '@sq/contract/units/import-units';

/**
 * The imports' bodies are the .xlsx files themselves; only these two types are read as bytes
 * (every other body stays at the JSON limit). Twice the largest import's limit is read, so a file
 * just over an import's limit hears that import's own message rather than the generic "too large".
 * application/octet-stream may also be a photo (image-body.ts): it gets the larger of the limits.
 */
export function registerXlsxBody(scope: FastifyInstance) {
  const bodyLimit = 2 * Math.max(UNIT_IMPORT_MAX_BYTES, RESIDENT_IMPORT_MAX_BYTES);
  const parse = (_req: unknown, body: Buffer | string, done: (err: null, body: Buffer | string) => void) => done(null, body);
  scope.addContentTypeParser(XLSX_TYPE, { parseAs: 'buffer', bodyLimit }, parse);
  scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: Math.max(bodyLimit, IMAGE_MAX_BYTES) }, parse);
}
