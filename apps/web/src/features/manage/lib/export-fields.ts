/** What an export asks for: the list's current filters, and whether mobiles and IDs come whole. */
export interface ExportRequest {
  poiId: string;
  keyword?: string;
  status?: number;
  /** 出入记录's Beijing days (YYYY-MM-DD, inclusive). */
  from?: string;
  to?: string;
  whole?: boolean;
}

/**
 * The form fields of an export post (spec §7: token and poiId, plus the list's filters). Only
 * set filters are sent, so the file holds exactly what the list shows.
 */
export function exportFields(request: ExportRequest, token: string | null): Record<string, string> {
  const fields: Record<string, string> = { poiId: request.poiId };
  if (token) fields.token = token;
  const keyword = request.keyword?.trim();
  if (keyword) fields.keyword = keyword;
  if (request.status !== undefined) fields.status = String(request.status);
  if (request.from) fields.from = request.from;
  if (request.to) fields.to = request.to;
  if (request.whole) fields.whole = '1';
  return fields;
}

/** The export address of a list endpoint: the same path with `?export=1`. */
export function exportAction(listPath: string): string {
  return `${listPath}?export=1`;
}
