import type { TestApp } from '../support/test-app';

/** Small helpers over the communityInfo endpoints, as a client calls them. */
// Tests read whichever fields the endpoint under test answers; the contract itself is tested by the server.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; code: number; message: string; data: any };

export function infoApi(t: TestApp) {
  const get = async (url: string, token?: string) => {
    const res = await t.app.inject({ url, headers: token ? { token } : {} });
    return { ...res.json(), status: res.statusCode } as Answer;
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload });
    return { ...res.json(), status: res.statusCode } as Answer;
  };
  return {
    get,
    post,
    infos: async (q: string) => (await get(`/v1/communityInfo/index?${q}`)).data.infos as { _id: string; department: string; contact: string; typeId: number; typeName: string; address: string }[],
    join: (token: string, poiId: string) => post('/v1/mobile/community/edit', { token, poiId, join: 1 }),
    create: (token: string | undefined, body: object) => post('/v1/communityInfo/create', { ...(token ? { token } : {}), ...body }),
    report: (token: string | undefined, body: object) => post('/v1/communityInfo/report', { ...(token ? { token } : {}), ...body }),
    pending: (token: string, q: string) => get(`/v1/communityInfo/pending?${q}`, token),
    review: (token: string, id: string, status: number) => post('/v1/communityInfo/review', { token, id, status }),
  };
}

export const NEW_ENTRY = {
  poiId: 'DEMO000001',
  typeId: 6,
  department: '望京花园快递驿站',
  contact: '010-64709999',
  address: '望京花园西区3号楼一层',
  lng: 116.4709,
  lat: 39.9937,
  mapAddress: '北京市朝阳区广顺南大街16号',
};
