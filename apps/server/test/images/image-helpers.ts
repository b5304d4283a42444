import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { staff, userCommunities, users } from '../../src/db/schema';
import { freshMobile } from '../support/factories';
import type { TestApp } from '../support/test-app';

export const HOME = 'DEMO000001';
export const OTHER = 'DEMO000002';
export const HOUR = 3_600_000;

/** Where a phone put the photo: Beijing, Tiananmen (what the upload must not keep). */
export const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2700/100', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 2900/100' };

let ip = 0;
const loginFresh = (t: TestApp) => {
  const mobile = freshMobile();
  return { mobile, token: t.login(mobile, `10.31.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`) };
};
const userIdOf = async (t: TestApp, mobile: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobileHash, t.pii.hash(mobile))))[0]!.id;

/** A new person who may write in `poiId` (its duty staff: requireReader's `member`). */
export async function memberOf(t: TestApp, poiId: string) {
  const { mobile, token } = loginFresh(t);
  const tok = await token;
  const userId = await userIdOf(t, mobile);
  await t.database.db.insert(staff).values({ poiId, userId, username: `图片${ip}`, level: 2 });
  return { token: tok, userId };
}

/** A new person who joined `poiId` as their community but neither lives there nor works there: reads only. */
export async function readerOf(t: TestApp, poiId: string) {
  const { mobile, token } = loginFresh(t);
  const tok = await token;
  await t.database.db.insert(userCommunities).values({ userId: await userIdOf(t, mobile), poiId, movedAt: new Date() });
  return { token: tok };
}

/**
 * A phone's photo: `width` × `height` stored, with EXIF orientation 6 (shown turned a quarter
 * clockwise), GPS in its EXIF and in XMP, red over blue as stored (so upright it is blue | red).
 */
export async function phonePhoto(width = 4000, height = 3000, seed = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height / 2}" fill="#f00"/><rect y="${height / 2}" width="${width}" height="${height / 2}" fill="#00f"/><circle cx="${(seed * 97) % width}" cy="${height / 4}" r="${Math.min(width, height) / 10}" fill="#${(0x123456 + seed * 4099).toString(16).slice(-6)}"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: GPS })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="39,54.45N" exif:GPSLongitude="116,23.48E"/></rdf:RDF></x:xmpmeta>')
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small photo of one colour, different for each `n`. */
export const smallPhoto = (n: number, format: 'png' | 'webp' | 'jpeg' | 'avif' = 'png') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (n * 53) % 256, g: (n * 101) % 256, b: (n * 29) % 256 } } })[format]().toBuffer();

export async function upload(t: TestApp, token: string | null, bytes: Buffer | string, type = 'image/jpeg', poiId = HOME) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/images?poiId=${poiId}&purpose=board`,
    payload: bytes,
    headers: { 'content-type': type, ...(token ? { token } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: { hash: string; url: string; thumbUrl: string; width: number; height: number } } };
}

export async function imageCount(t: TestApp): Promise<number> {
  const rows = (await t.database.db.execute(sql`select count(*)::int as n from images`)) as unknown as { rows: { n: number }[] };
  return rows.rows[0]!.n;
}

/** The RIFF chunks of a WebP file: where WebP keeps EXIF ('EXIF'), XMP ('XMP ') and a colour profile ('ICCP'). */
export function webpChunks(file: Buffer): string[] {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') throw new Error('not a WebP file');
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= file.length; ) {
    const size = file.readUInt32LE(at + 4);
    chunks.push(file.toString('latin1', at, at + 4));
    at += 8 + size + (size % 2);
  }
  return chunks;
}
