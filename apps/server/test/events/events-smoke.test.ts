import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { eventApi, HOME, loginAs, MANAGER, newJoiner, publish } from './event-helpers';

let t: TestApp;
let api: ReturnType<typeof eventApi>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  api = eventApi(t);
});
afterAll(() => t.close());

describe('events: publish, read, list', () => {
  it('staff publish; a neighbour reads it and finds it in the upcoming list', async () => {
    const manager = await loginAs(t, MANAGER);
    const id = await publish(t, {}, undefined, manager);
    const reader = await newJoiner(t);
    const detail = await api.get(`/v1/events/${id}`, reader.token);
    expect(detail.status).toBe(200);
    expect(detail.data.event).toMatchObject({ id, status: 'published', title: '书法兴趣班', canManage: false, mine: null, ticket: null });
    const list = await api.get(`/v1/events?poiId=${HOME}`, reader.token);
    expect(list.status).toBe(200);
    expect(list.data.events.map((e: { id: string }) => e.id)).toContain(id);
  });
});
