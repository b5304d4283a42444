import './type-tag.css';

/**
 * Each info type has its own colour, so a glance finds the property office or the police; each is
 * at least 4.5:1 on white, as small text must be (WCAG AA).
 */
const COLOURS = ['#15803d', '#2563eb', '#9333ea', '#dc2626', '#0e7490', '#b45309'];

export function TypeTag({ typeId, name, pending }: { typeId: number; name: string; pending?: boolean }) {
  const colour = COLOURS[(Math.max(typeId, 1) - 1) % COLOURS.length];
  return (
    <span className={`sq-type-tag${pending ? ' sq-type-tag-pending' : ''}`} style={{ color: colour, borderColor: colour }}>
      {name}
    </span>
  );
}
