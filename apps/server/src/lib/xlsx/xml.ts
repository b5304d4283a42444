/** XML text escaping, dropping the control characters XML 1.0 forbids (they would break Excel). */
// eslint-disable-next-line no-control-regex -- finding the control characters is the point
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN_IN_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/**
 * One worksheet row. Strings are inline (no shared-string table to hold in memory), so rows can be
 * written and forgotten one by one. A string that looks like a formula is still a string here.
 */
export function rowXml(rowNumber: number, cells: readonly (string | number | null)[], style?: number): string {
  const s = style ? ` s="${style}"` : '';
  const parts = cells.map((value, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    if (value === null || value === '') return '';
    if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
    return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${parts.join('')}</row>`;
}
