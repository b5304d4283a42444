/** Every query of 邻里圈管理 for one community starts with this, so a write refreshes them all. */
export const boardManageKey = (poiId: string) => ['board-manage', poiId] as const;
