import type { ReactNode } from 'react';

export type ResultTone = 'success' | 'warning' | 'error' | 'info';

const ICON: Record<ResultTone, string> = {
  success: 'M7 12.5l3.2 3.2L17 9',
  warning: 'M12 7v6M12 16.5v.5',
  error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  info: 'M12 11v6M12 7.5v.5',
};

interface Props {
  tone: ResultTone;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A big round icon, a title and a line: results the person must not miss (not only a toast). */
export function ResultPanel({ tone, title, description, children }: Props) {
  return (
    <section className={`result-panel result-panel-${tone}`} role="status">
      <svg className="result-panel-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="11" />
        <path d={ICON[tone]} />
      </svg>
      <h2 className="result-panel-title">{title}</h2>
      {description && <p className="result-panel-text">{description}</p>}
      {children && <div className="result-panel-actions">{children}</div>}
    </section>
  );
}
