import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@sq/contract/endpoint';
import { buildRequest, callerToken } from './api-request';

const post = defineEndpoint({
  method: 'POST',
  path: '/v1/polls/vote',
  summary: 'test',
  body: z.object({ id: z.string(), options: z.array(z.string()) }),
  data: z.null(),
});
const get = defineEndpoint({
  method: 'GET',
  path: '/v1/communityInfo/index',
  summary: 'test',
  query: z.object({ poiId: z.string(), page: z.number().optional() }),
  data: z.null(),
});
const byId = defineEndpoint({ method: 'GET', path: '/v1/polls/{id}', summary: 'test', data: z.null() });

describe('buildRequest (spec §7)', () => {
  it('adds the token to every POST body as JSON', () => {
    const { url, init } = buildRequest(post, { id: 'p1', options: ['a'] }, 'tok', 'https://api.test');
    expect(url).toBe('https://api.test/v1/polls/vote');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ id: 'p1', options: ['a'], token: 'tok' });
  });

  it('sends no token at all when there is none (noLogin)', () => {
    const { init } = buildRequest(post, { id: 'p1', options: [], token: 'from-caller' }, null);
    expect(JSON.parse(init.body as string)).toEqual({ id: 'p1', options: [] });
  });

  it('puts GET input in the query and the token in a header', () => {
    const { url, init } = buildRequest(get, { poiId: 'B0 1&x', page: 2 }, 'tok');
    expect(url).toBe('/v1/communityInfo/index?poiId=B0+1%26x&page=2');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>).token).toBe('tok');
  });

  it('leaves out absent query values and sends no token header without a token', () => {
    const { url, init } = buildRequest(get, { poiId: 'B0', page: undefined }, null);
    expect(url).toBe('/v1/communityInfo/index?poiId=B0');
    expect((init.headers as Record<string, string>).token).toBeUndefined();
  });

  it('fills path parameters and does not repeat them in the query', () => {
    expect(buildRequest(byId, { id: 'a/b', tid: '7' }, null).url).toBe('/v1/polls/a%2Fb?tid=7');
    expect(() => buildRequest(byId, {}, null)).toThrow(/id/);
  });
});

describe('callerToken', () => {
  it('takes a non-empty token the caller put in the body', () => {
    expect(callerToken({ token: 'x' })).toBe('x');
    expect(callerToken({ token: '' })).toBeNull();
    expect(callerToken(undefined)).toBeNull();
  });
});
