import type { ReactNode } from 'react';

export interface InfoRow {
  label: string;
  value: ReactNode;
}

/** Label / value lines in a white card; empty values are left out rather than shown blank. */
export function InfoRows({ rows, className = '' }: { rows: InfoRow[]; className?: string }) {
  return (
    <dl className={`info-rows ${className}`}>
      {rows
        .filter((r) => r.value !== '' && r.value != null)
        .map((r) => (
          <div className="info-row" key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
    </dl>
  );
}
