/**
 * The CSP img-src source for a Leaflet tile template: its origin, with a `{s}` subdomain label
 * (and anything left of it) widened to `*.` as CSP allows ('https://webrd0{s}.x.com' → 'https://*.x.com').
 * None for 'none' (no tiles are loaded).
 */
export function tileImgSources(template: string): string[] {
  if (template === 'none') return [];
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return [];
  const [, scheme, host] = match as unknown as [string, string, string];
  const labels = host.split('.');
  const s = labels.findIndex((l) => l.includes('{s}'));
  return [`${scheme}://${s >= 0 ? ['*', ...labels.slice(s + 1)].join('.') : host}`];
}

/** Leaflet subdomains for `{s}`: AMap's tile hosts are webrd01…04. */
export const TILE_SUBDOMAINS = '1234';
