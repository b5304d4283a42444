import type { ReactNode } from 'react';
import './empty-state.css';

/** Spec §8: empty lists say 这里空空如也~ (or 暂无数据~), with a hint of what to do next. */
export function EmptyState({ title = '这里空空如也~', children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="sq-empty" role="status">
      <svg className="sq-empty-art" viewBox="0 0 120 80" aria-hidden="true">
        <ellipse cx="60" cy="70" rx="44" ry="6" fill="#e5ece7" />
        <rect x="30" y="22" width="60" height="42" rx="8" fill="#fff" stroke="#b7d7c0" strokeWidth="2" />
        <path d="M30 36h60" stroke="#b7d7c0" strokeWidth="2" />
        <circle cx="40" cy="29" r="2.5" fill="#86c99a" />
        <circle cx="48" cy="29" r="2.5" fill="#86c99a" />
        <path d="M46 50h28M52 56h16" stroke="#d6e6da" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="sq-empty-title">{title}</p>
      {children && <div className="sq-empty-extra">{children}</div>}
    </div>
  );
}
