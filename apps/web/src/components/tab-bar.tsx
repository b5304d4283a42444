import './tab-bar.css';

/**
 * A row of two or three equal tabs (社区/街道, 本小区/我的投票). Its own few lines instead of
 * antd-mobile's Tabs: that one animates its ink bar with react-spring (17.6 KB gzipped), which
 * the community home and /vote would download for one line under a word (Lighthouse, issue 32).
 */
export function TabBar<K extends string>({ tabs, value, onChange, label, className = '' }: { tabs: readonly { key: K; title: string }[]; value: K; onChange: (key: K) => void; label: string; className?: string }) {
  return (
    <div className={`sq-tab-bar ${className}`} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button key={t.key} type="button" role="tab" aria-selected={t.key === value} className="sq-tab" onClick={() => t.key !== value && onChange(t.key)}>
          {t.title}
        </button>
      ))}
    </div>
  );
}
