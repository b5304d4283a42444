/** The sections of 邻里圈管理, as tabs; the chosen one lives in the address (?tab=). */
export const MANAGE_TABS = [
  { key: 'pending', title: '待处理' },
  { key: 'removed', title: '已删除' },
  { key: 'pins', title: '置顶' },
  { key: 'mutes', title: '禁言' },
  { key: 'keywords', title: '关键词' },
  { key: 'rules', title: '规则' },
  { key: 'actions', title: '操作记录' },
] as const;
export type ManageTab = (typeof MANAGE_TABS)[number]['key'];

export function manageTab(value: string | null): ManageTab {
  return MANAGE_TABS.find((t) => t.key === value)?.key ?? 'pending';
}
