import type { LngLat } from '@sq/contract/map/geo';

export interface Marker extends LngLat {
  name: string;
  kind: 'community' | 'place';
}

const WIDTH = 750;
const HEIGHT = 360;
/** 2.5 m a pixel: the image spans about 1.9 km, a 20-minute walk across. */
const METRES_PER_PX = 2.5;
const FONT = "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A schematic of the neighbourhood for the `local` provider, which has no map imagery: a grid
 * with a 200 m scale, the point asked about and the known places near it, labelled as a
 * schematic so nobody mistakes it for a map.
 */
export function staticMapSvg(at: LngLat, markers: Marker[]): string {
  const cos = Math.cos((at.lat * Math.PI) / 180);
  const project = (p: LngLat) => ({
    x: WIDTH / 2 + ((p.lng - at.lng) * 111_320 * cos) / METRES_PER_PX,
    y: HEIGHT / 2 - ((p.lat - at.lat) * 110_540) / METRES_PER_PX,
  });
  const grid: string[] = [];
  const step = 200 / METRES_PER_PX;
  for (let x = (WIDTH / 2) % step; x < WIDTH; x += step) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${HEIGHT}"/>`);
  for (let y = (HEIGHT / 2) % step; y < HEIGHT; y += step) grid.push(`<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}"/>`);

  const centre = project(at);
  const others = markers
    .map((m) => ({ ...m, ...project(m) }))
    .filter((m) => m.x > 12 && m.x < WIDTH - 12 && m.y > 12 && m.y < HEIGHT - 12)
    .filter((m) => Math.hypot(m.x - centre.x, m.y - centre.y) > 6);
  const here = markers.find((m) => m.kind === 'community' && Math.hypot(project(m).x - centre.x, project(m).y - centre.y) <= 6);

  const dots = others
    .map((m) => {
      const colour = m.kind === 'community' ? '#0f766e' : '#94a3b8';
      const label = m.kind === 'community' ? `<text x="${(m.x + 9).toFixed(1)}" y="${(m.y + 5).toFixed(1)}" font-size="18" fill="#334155">${escapeXml(m.name)}</text>` : '';
      return `<circle cx="${m.x.toFixed(1)}" cy="${m.y.toFixed(1)}" r="${m.kind === 'community' ? 6 : 4}" fill="${colour}" stroke="#fff" stroke-width="2"/>${label}`;
    })
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="${FONT}" role="img" aria-label="位置示意图">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#eef3ef"/>
<g stroke="#d7e3da" stroke-width="2">${grid.join('')}</g>
<circle cx="${centre.x}" cy="${centre.y}" r="${500 / METRES_PER_PX}" fill="#16a34a" fill-opacity="0.06" stroke="#16a34a" stroke-opacity="0.35" stroke-dasharray="8 6" stroke-width="2"/>
${dots}
<g transform="translate(${centre.x} ${centre.y})">
<path d="M0 0 C -6 -12 -16 -18 -16 -30 A 16 16 0 1 1 16 -30 C 16 -18 6 -12 0 0 Z" fill="#16a34a" stroke="#fff" stroke-width="3"/>
<circle cx="0" cy="-30" r="6" fill="#fff"/>
</g>
${here ? `<text x="${centre.x}" y="${centre.y + 28}" font-size="22" font-weight="600" text-anchor="middle" fill="#14532d" stroke="#eef3ef" stroke-width="5" paint-order="stroke">${escapeXml(here.name)}</text>` : ''}
<g transform="translate(20 ${HEIGHT - 24})" fill="#475569" font-size="16">
<rect x="0" y="-6" width="${step}" height="6" fill="#475569"/><text x="${step + 8}" y="0">200 米</text>
</g>
<text x="${WIDTH - 16}" y="28" font-size="16" text-anchor="end" fill="#64748b">示意图 · 虚线圈为 500 米</text>
<g transform="translate(${WIDTH - 30} ${HEIGHT - 46})" fill="#64748b" font-size="16" text-anchor="middle"><path d="M0 -18 L7 0 L0 -5 L-7 0 Z"/><text y="20">北</text></g>
</svg>`;
}
