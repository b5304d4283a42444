import { postDownload } from '../../../lib/form-download';
import { currentToken } from '../../../lib/session';
import { exportAction, exportFields, type ExportRequest } from '../lib/export-fields';

/**
 * Exports a list as .xlsx (spec §7): a real form post of token, poiId and the list's filters to
 * `<list path>?export=1`, aimed at a hidden frame so the page stays where it is and the browser's
 * own download takes over. A form (not fetch + blob) is what the spec's clients do, and lets the
 * browser stream a large file straight to disk.
 */
export function downloadExport(listPath: string, request: ExportRequest): void {
  postDownload(exportAction(listPath), exportFields(request, currentToken()));
}
