import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUnitCall } from '@sq/contract/units/delete-unit';
import { importUnitsCall } from '@sq/contract/units/import-units';
import { listUnitsCall } from '@sq/contract/units/list-units';
import { saveUnitCall } from '@sq/contract/units/save-unit';
import { UNIT_PAGE_SIZE } from '@sq/contract/units/unit-rules';
import { callApi } from '../../../lib/api-client';

const unitsKey = (poiId: string) => ['manage', 'units', poiId] as const;

/** 房屋登记, page by page, filtered by 楼栋/单元/房号. */
export function useUnits(poiId: string, keyword: string) {
  return useInfiniteQuery({
    queryKey: [...unitsKey(poiId), keyword],
    queryFn: ({ pageParam, signal }) => callApi(listUnitsCall, { poiId, keyword: keyword || undefined, page: pageParam }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * UNIT_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    enabled: poiId !== '',
  });
}

export interface UnitForm {
  _id?: string;
  building: string;
  unit: string;
  room: string;
  area: string;
  mobiles: string;
}

/** What is saved: without `mobiles`, a change keeps the unit's owners. */
export interface PersonForm {
  _id?: string;
  name: string;
  mobile: string;
  developer: boolean;
}
export type UnitSave = Omit<UnitForm, 'mobiles'> & { mobiles?: string; persons?: PersonForm[]; areaSource?: 0 | 1 | 2 | 3; certNo?: string };

export function useSaveUnit(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: UnitSave) => callApi(saveUnitCall, { poiId, ...form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsKey(poiId) }),
  });
}

export function useDeleteUnit(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(deleteUnitCall, { poiId, _id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsKey(poiId) }),
  });
}

/** Checks (commit false) or writes the register file; the answer lists every bad row. */
export function useImportUnits(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit, skipBad }: { file: File; commit: boolean; skipBad: boolean }) =>
      callApi(importUnitsCall, { poiId, commit: commit ? '1' : '0', skipBad: skipBad ? '1' : '0' }, { file }),
    onSuccess: (answer) => {
      if (answer.written) void queryClient.invalidateQueries({ queryKey: unitsKey(poiId) });
    },
  });
}
