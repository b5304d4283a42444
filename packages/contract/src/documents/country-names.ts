/** How forms in mainland China name these three; the browser's own names differ (台湾, 中国香港特别行政区). */
const NAMES: Record<string, string> = { HK: '中国香港', MO: '中国澳门', TW: '中国台湾' };

let names: Intl.DisplayNames | undefined;

/**
 * 国籍 in Chinese for an ISO 3166 alpha-2 code, from the runtime's own CLDR data (browsers and Node
 * carry it), so showing a nationality costs no bundle weight on the pass page.
 */
export function countryName(code: string): string {
  if (!code) return '';
  names ??= new Intl.DisplayNames(['zh-CN'], { type: 'region', fallback: 'code' });
  return NAMES[code] ?? names.of(code) ?? code;
}
