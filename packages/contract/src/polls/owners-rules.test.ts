import { describe, expect, it } from 'vitest';
import { OwnersMatter, ownersOutcome, type OwnersCounts } from './owners-rules';

const counts = (over: Partial<OwnersCounts>): OwnersCounts => ({
  totalArea: 300_00,
  totalOwners: 3,
  votedArea: 300_00,
  votedOwners: 3,
  agreeArea: 300_00,
  agreeOwners: 3,
  ...over,
});
const met = (c: OwnersCounts, matter: OwnersMatter = OwnersMatter.ordinary) => Object.fromEntries(ownersOutcome(c, matter).thresholds.map((t) => [t.key, t.met]));

describe('Civil Code art. 278 thresholds', () => {
  it('takes part with exactly two thirds of the area and of the owners, not with one hundredth of a m² less', () => {
    expect(met(counts({ votedArea: 200_00, votedOwners: 2 }))).toMatchObject({ votedArea: true, votedOwners: true });
    expect(met(counts({ votedArea: 199_99 })).votedArea).toBe(false);
    // Two of three owners is enough, one owner short of 2/3 of 301 is not.
    expect(met(counts({ totalOwners: 301, votedOwners: 200 })).votedOwners).toBe(false);
    expect(met(counts({ totalOwners: 301, votedOwners: 201 })).votedOwners).toBe(true);
  });

  it('passes an ordinary matter with more than half of both, never with exactly half', () => {
    const half = counts({ votedArea: 200_00, votedOwners: 2, agreeArea: 100_00, agreeOwners: 1 });
    expect(ownersOutcome(half, OwnersMatter.ordinary)).toMatchObject({ participationMet: true, agreementMet: false, passed: false });
    const more = counts({ votedArea: 200_00, votedOwners: 2, agreeArea: 100_01, agreeOwners: 2 });
    expect(ownersOutcome(more, OwnersMatter.ordinary).passed).toBe(true);
  });

  it('passes a matter of items 6–8 with exactly three quarters of both, not one short', () => {
    const c = counts({ totalArea: 400_00, totalOwners: 4, votedArea: 400_00, votedOwners: 4, agreeArea: 300_00, agreeOwners: 3 });
    expect(ownersOutcome(c, OwnersMatter.special).passed).toBe(true);
    expect(ownersOutcome({ ...c, agreeArea: 299_99 }, OwnersMatter.special).passed).toBe(false);
    expect(ownersOutcome({ ...c, agreeOwners: 2 }, OwnersMatter.special).passed).toBe(false);
    // What passes an ordinary matter (2/3) does not pass a special one.
    const twoThirds = { ...c, totalOwners: 3, votedOwners: 3, agreeOwners: 2, agreeArea: 300_00 };
    expect(ownersOutcome(twoThirds, OwnersMatter.ordinary).passed).toBe(true);
    expect(ownersOutcome(twoThirds, OwnersMatter.special).passed).toBe(false);
  });

  it('does not pass without enough participation, however many of the voters agree', () => {
    const few = counts({ votedArea: 150_00, votedOwners: 1, agreeArea: 150_00, agreeOwners: 1 });
    expect(ownersOutcome(few, OwnersMatter.ordinary)).toMatchObject({ participationMet: false, agreementMet: true, passed: false });
    // Nobody voted: nothing is met (no division by zero).
    expect(ownersOutcome(counts({ votedArea: 0, votedOwners: 0, agreeArea: 0, agreeOwners: 0 }), OwnersMatter.ordinary).thresholds.every((t) => !t.met)).toBe(true);
  });
});

describe('Civil Code art. 278 items', () => {
  it('asks three quarters for items 6–8 only; using the maintenance fund (item 5) is an ordinary matter', async () => {
    const { matterOfItem, ART278_ITEM_NUMBERS, itemCitation } = await import('./owners-rules');
    expect(ART278_ITEM_NUMBERS.filter((i) => matterOfItem(i) === OwnersMatter.special)).toEqual([6, 7, 8]);
    expect(matterOfItem(5)).toBe(OwnersMatter.ordinary);
    expect(itemCitation(5)).toBe('民法典第二百七十八条第一款第（五）项：使用建筑物及其附属设施的维修资金');
  });

  it('rounds a secret vote’s published areas to whole tens of m², half up', async () => {
    const { publishedAreaCenti } = await import('./owners-rules');
    expect(publishedAreaCenti(120_58)).toBe(120_00);
    expect(publishedAreaCenti(125_00)).toBe(130_00);
    expect(publishedAreaCenti(124_99)).toBe(120_00);
    expect(publishedAreaCenti(0)).toBe(0);
  });
});
