import { describe, expect, it } from 'vitest';
import { exportAction, exportFields } from './export-fields';

describe('exportFields', () => {
  it('sends the token, the community and the list filters', () => {
    expect(exportFields({ poiId: 'DEMO000001', keyword: ' 张 ', status: -1 }, 'tok')).toEqual({
      poiId: 'DEMO000001',
      token: 'tok',
      keyword: '张',
      status: '-1',
    });
  });

  it('asks for whole numbers only when chosen, and leaves out unset filters', () => {
    expect(exportFields({ poiId: 'P', whole: true }, 'tok')).toEqual({ poiId: 'P', token: 'tok', whole: '1' });
    expect(exportFields({ poiId: 'P', keyword: '', status: 0, whole: false }, null)).toEqual({ poiId: 'P', status: '0' });
  });

  it('posts to the list address with export=1', () => {
    expect(exportAction('/v1/userCard/list')).toBe('/v1/userCard/list?export=1');
  });
});
