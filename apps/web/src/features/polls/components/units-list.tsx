import { useState } from 'react';
import { usePollUnits } from '../api/owners-queries';
import './units-list.css';

/** 每户表决情况 of an open owners' vote, as owners may inspect; loaded when opened. */
export function UnitsList({ pollId }: { pollId: string }) {
  const [open, setOpen] = useState(false);
  const units = usePollUnits(pollId, open);
  return (
    <section className="ul">
      <button type="button" className="ul-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        每户表决情况 {open ? '▲' : '▼'}
      </button>
      {open && !units.data && <p role="status">正在加载…</p>}
      {units.data && (
        <table className="ul-table">
          <thead>
            <tr>
              <th scope="col">房屋</th>
              <th scope="col">面积㎡</th>
              <th scope="col">意见</th>
            </tr>
          </thead>
          <tbody>
            {units.data.units.map((u) => (
              <tr key={u.label}>
                <th scope="row">{u.label}</th>
                <td>{u.area}</td>
                <td className={u.choice ? '' : 'ul-none'}>{u.choice ?? '未投票'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
