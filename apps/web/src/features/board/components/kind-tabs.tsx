import { BOARD_KIND_NAMES, BOARD_KINDS, type BoardKind } from '@sq/contract/board/board-rules';

/**
 * 全部 and each kind, as a row of tabs that scrolls sideways. Its own few lines instead of
 * antd-mobile's Tabs: that one brings an animation library into /stick's first load.
 */
export function KindTabs({ value, onChange, label = '帖子分类' }: { value: BoardKind | null; onChange: (kind: BoardKind | null) => void; label?: string }) {
  const tabs: [BoardKind | null, string][] = [[null, '全部'], ...BOARD_KINDS.map((k): [BoardKind, string] => [k, BOARD_KIND_NAMES[k]])];
  return (
    <div className="bd-kinds" role="tablist" aria-label={label}>
      {tabs.map(([kind, name]) => (
        <button
          key={kind ?? 'all'}
          type="button"
          role="tab"
          aria-selected={value === kind}
          className={`bd-kind${value === kind ? ' bd-kind-on' : ''}`}
          onClick={() => onChange(kind)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
