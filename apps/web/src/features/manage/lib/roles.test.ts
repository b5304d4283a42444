import { describe, expect, it } from 'vitest';
import { canAddStaff, canChooseLevel, canExportWhole, levelLabel, roleLabel } from './roles';

describe('staff roles', () => {
  it('names the caller and the listed staff as the spec does', () => {
    expect([roleLabel(1), roleLabel(2), roleLabel(0)]).toEqual(['社区管理员', '社区经理', '执勤者']);
    expect([levelLabel(1), levelLabel(2), levelLabel(7)]).toEqual(['社区经理', '执勤者', '执勤者']);
  });

  it('lets only administrators choose the level, administrators and managers add and export whole', () => {
    expect([canChooseLevel(1), canChooseLevel(2), canChooseLevel(0)]).toEqual([true, false, false]);
    expect([canAddStaff(1), canAddStaff(2), canAddStaff(0)]).toEqual([true, true, false]);
    expect([canExportWhole(1), canExportWhole(2), canExportWhole(0)]).toEqual([true, true, false]);
  });
});
