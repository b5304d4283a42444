import { describe, expect, it } from 'vitest';
import { countOwners, ownerKeyOf, type RegisterHome } from './owners-count';

const home = (unitId: string, personIds: string[] = [], over: Partial<RegisterHome> = {}): RegisterHome => ({ unitId, personIds, developer: false, mobileHashes: [], ...over });

describe('法释〔2009〕7号 art. 9: how many owners', () => {
  it('counts each home as one owner', () => {
    expect(countOwners([home('u1', ['a']), home('u2', ['b']), home('u3', ['c'])])).toBe(3);
  });

  it('counts the co-owners of one home as one owner', () => {
    expect(countOwners([home('u1', ['a', 'b']), home('u2', ['c', 'd', 'e'])])).toBe(2);
    // The order the co-owners were written in does not matter.
    expect(ownerKeyOf(home('u1', ['a', 'b']))).toBe(ownerKeyOf(home('u9', ['b', 'a'])));
  });

  it('counts one buyer of several homes as one owner, whatever mobiles the homes carry', () => {
    expect(countOwners([home('u1', ['a'], { mobileHashes: ['m1'] }), home('u2', ['a'], { mobileHashes: ['m1', 'm2'] }), home('u3', ['a'])])).toBe(1);
  });

  it('counts the developer’s unsold and undelivered homes together as one owner', () => {
    const dev = { developer: true };
    expect(countOwners([home('u1', ['d'], dev), home('u2', ['d'], dev), home('u3', [], dev), home('u4', ['a'])])).toBe(2);
  });

  it('counts a home held jointly by a buyer of other homes as another owner (the joint holders are a different subject)', () => {
    expect(countOwners([home('u1', ['a']), home('u2', ['a']), home('u3', ['a', 'b'])])).toBe(2);
  });

  it('counts a home without a mobile as its owners’ home, and a home with no owner recorded as one of its own', () => {
    expect(countOwners([home('u1', ['a'], { mobileHashes: ['m1'] }), home('u2', ['a'])])).toBe(1);
    expect(countOwners([home('u1'), home('u2')])).toBe(2);
  });

  it('groups homes registered with mobiles only (before persons) by their set of mobiles, as before', () => {
    expect(countOwners([home('u1', [], { mobileHashes: ['m1', 'm2'] }), home('u2', [], { mobileHashes: ['m2', 'm1'] }), home('u3', [], { mobileHashes: ['m1'] })])).toBe(2);
  });

  it('counts the issue’s register as 4 owners: a buyer of two homes who co-owns a third, co-owners, three unsold homes', () => {
    const dev = { developer: true };
    const register = [home('u1', ['a']), home('u2', ['a']), home('u3', ['a', 'b']), home('u4', ['c', 'd']), home('u5', ['x'], dev), home('u6', ['x'], dev), home('u7', ['x'], dev)];
    expect(countOwners(register)).toBe(4);
  });
});
