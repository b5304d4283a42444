import { describe, expect, it } from 'vitest';
import { GroupWriter } from '../../src/lib/group-writer';

/** A write that finishes when the test says so, recording what it was given. */
function heldWrites(fail: (item: number) => boolean = () => false) {
  const writes: { items: number[]; finish: () => void }[] = [];
  const writer = new GroupWriter<number>(
    (items) =>
      new Promise<void>((resolve, reject) => {
        writes.push({ items, finish: () => (items.some(fail) ? reject(new Error('refused')) : resolve()) });
      }),
    3,
  );
  return { writer, writes };
}
const settled = async <T>(p: Promise<T>) => {
  let state = 'pending';
  p.then(() => (state = 'written'), () => (state = 'failed'));
  await new Promise((r) => setImmediate(r));
  return state;
};

describe('GroupWriter', () => {
  it('writes the first item at once and those arriving meanwhile together, each caller answered once its own write is done', async () => {
    const { writer, writes } = heldWrites();
    const first = writer.add(1);
    await new Promise((r) => setImmediate(r));
    expect(writes.map((w) => w.items)).toEqual([[1]]);
    const later = [writer.add(2), writer.add(3)];
    expect(await settled(first)).toBe('pending');
    writes[0]!.finish();
    expect(await settled(first)).toBe('written');
    expect(writes.map((w) => w.items)).toEqual([[1], [2, 3]]);
    expect(await settled(later[0]!)).toBe('pending');
    writes[1]!.finish();
    expect(await Promise.all(later.map(settled))).toEqual(['written', 'written']);
  });

  it('writes no more than its limit at a time', async () => {
    const { writer, writes } = heldWrites();
    const all = [writer.add(1)];
    await new Promise((r) => setImmediate(r));
    all.push(...[2, 3, 4, 5].map((i) => writer.add(i)));
    writes[0]!.finish();
    await new Promise((r) => setImmediate(r));
    writes[1]!.finish();
    await new Promise((r) => setImmediate(r));
    writes[2]!.finish();
    await Promise.all(all);
    expect(writes.map((w) => w.items)).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('fails only the caller whose item the store refused, writing the others one by one', async () => {
    const { writer, writes } = heldWrites((i) => i === 3);
    const first = writer.add(1);
    await new Promise((r) => setImmediate(r));
    const later = [writer.add(2), writer.add(3), writer.add(4)];
    writes[0]!.finish();
    await new Promise((r) => setImmediate(r));
    writes[1]!.finish(); // [2, 3, 4] refused as a whole
    await new Promise((r) => setImmediate(r));
    expect(writes.slice(2).map((w) => w.items)).toEqual([[2], [3], [4]]);
    for (const w of writes.slice(2)) w.finish();
    expect(await Promise.all([first, ...later].map(settled))).toEqual(['written', 'written', 'failed', 'written']);
    // Nothing is left waiting: the next item is written as before.
    const next = writer.add(5);
    await new Promise((r) => setImmediate(r));
    writes.at(-1)!.finish();
    expect(await settled(next)).toBe('written');
    expect(writes.at(-1)!.items).toEqual([5]);
  });
});
