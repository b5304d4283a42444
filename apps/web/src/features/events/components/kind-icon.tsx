import type { EventKind } from '@sq/contract/events/event-rules';

/** A simple line drawing per kind, on the kind's colour (the home's kind entries, /activity/kinds). */
const PATHS: Record<EventKind, string> = {
  culture: 'M9 18V6l10-2v12M9 18a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0zM19 16a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0z',
  family: 'M8 7a2.5 2.5 0 1 0 0-.1M16 9a2 2 0 1 0 0-.1M4 20v-4a4 4 0 0 1 8 0v4M13 20v-3a3 3 0 0 1 6 0v3',
  volunteer: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  health: 'M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6z',
  lecture: 'M4 5h16v10H4zM12 15v5M8 20h8',
  festival: 'M12 3v3M12 18v3M5 12H2M22 12h-3M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  other: 'M5 12h.01M12 12h.01M19 12h.01',
};

export function KindIcon({ kind }: { kind: EventKind }) {
  return (
    <span className={`ev-kind-icon ev-kind-${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26">
        <path d={PATHS[kind]} fill="none" stroke="#fff" strokeWidth={kind === 'other' ? 3.5 : 1.8} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
