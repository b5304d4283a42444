import './type-tag.css';

/** Each info type has its own colour, so a glance finds the property office or the police. */
const COLOURS = ['#16a34a', '#2563eb', '#9333ea', '#dc2626', '#0891b2', '#d97706'];

export function TypeTag({ typeId, name, pending }: { typeId: number; name: string; pending?: boolean }) {
  const colour = COLOURS[(Math.max(typeId, 1) - 1) % COLOURS.length];
  return (
    <span className={`sq-type-tag${pending ? ' sq-type-tag-pending' : ''}`} style={{ color: colour, borderColor: colour }}>
      {name}
    </span>
  );
}
