import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** 1×1 PNG: what the fake answers for a static map. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A local stand-in for the AMap web service v3, answering in its documented format – including
 * its habit of writing an empty value as [] and numbers as strings.
 */
export async function startFakeAmap() {
  const requests: URL[] = [];
  let refuse = false;
  const poi = (id: string, name: string, distance: string, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    type: '商务住宅;住宅区;住宅小区',
    typecode: '120302',
    address: '望京街道某路1号',
    location: '116.470100,39.993000',
    tel: [],
    distance,
    pname: '北京市',
    cityname: '北京市',
    adname: '朝阳区',
    photos: [],
    ...extra,
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    requests.push(url);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
    if (refuse || url.searchParams.get('key') !== 'test-key') return json({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
    const ok = (extra: object) => json({ status: '1', info: 'OK', infocode: '10000', count: '2', ...extra });
    switch (url.pathname) {
      case '/v3/place/around':
        return ok({
          pois: [
            poi('B000A1', '阳光小区', '120', { tel: '010-1234;010-5678', photos: [{ title: [], url: 'https://store.is.autonavi.com/a.jpg' }] }),
            poi('B000A2', '月亮小区', '480', { address: [] }),
            poi('B000A3', '被排除的地点', '600'),
          ],
        });
      case '/v3/place/text':
        return ok({ pois: [poi('B000T1', `${url.searchParams.get('keywords')}家园`, [] as unknown as string)] });
      case '/v3/place/detail':
        if (url.searchParams.get('id') === 'B000NONE') return ok({ count: '0', pois: [] });
        return ok({ pois: [poi(url.searchParams.get('id')!, '详情小区', [] as unknown as string, { photos: [{ title: '门口', url: 'https://store.is.autonavi.com/b.jpg' }] })] });
      case '/v3/geocode/regeo':
        return ok({
          regeocode: {
            formatted_address: '北京市朝阳区望京街道广顺南大街16号',
            addressComponent: { province: '北京市', city: [], district: '朝阳区', township: '望京街道', towncode: '110105026000' },
          },
        });
      case '/v3/staticmap':
        return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      default:
        return json({ status: '0', info: 'UNKNOWN', infocode: '20000' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    last: (path: string) => [...requests].reverse().find((u) => u.pathname === path),
    refuseAll(on: boolean) {
      refuse = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
