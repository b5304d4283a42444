import { BOARD_KIND_NAMES, BOARD_KINDS, STAFF_ONLY_KINDS, type BoardKind } from '@sq/contract/board/board-rules';

/** The post's kind as large radio buttons; 通知 only for the community's staff. */
export function KindPicker({ value, staff, onChange }: { value: BoardKind | null; staff: boolean; onChange: (kind: BoardKind) => void }) {
  const kinds = BOARD_KINDS.filter((k) => staff || !STAFF_ONLY_KINDS.includes(k));
  return (
    <fieldset className="bd-kind-picker">
      <legend className="bd-field-label">分类</legend>
      <div className="bd-kind-options">
        {kinds.map((kind) => (
          <label key={kind} className={`bd-kind-option${value === kind ? ' bd-kind-option-on' : ''}`}>
            <input type="radio" name="kind" value={kind} checked={value === kind} onChange={() => onChange(kind)} className="sq-visually-hidden" />
            {BOARD_KIND_NAMES[kind]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
