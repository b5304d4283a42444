import type { Poll } from '@sq/contract/polls/get-poll';
import { squareMetres } from '@sq/contract/polls/owners-rules';
import './owners-result.css';

type Owners = NonNullable<Poll['owners']>;

const VERDICT: Record<Owners['outcome'], string> = {
  open: '',
  passed: '表决通过',
  failed: '表决未通过',
  hidden: '结果将在投票截止后公布',
};

/** A share as a percentage with one decimal (area and owners are both shown this way). */
const share = (value: number, of: number) => (of > 0 ? `${((value * 100) / of).toFixed(1)}%` : '—');

/** A threshold's counted value and base in words: areas in ㎡, owners in 人. */
function amount(key: string, n: number) {
  return key.endsWith('Area') ? `${squareMetres(n)}㎡` : `${n}人`;
}

/**
 * An owners' vote as art. 278 counts it: turnout by units, area and owners, each option's share,
 * and the four thresholds met or not – live while voting goes on, final after the deadline.
 */
export function OwnersResult({ poll }: { poll: Poll }) {
  const owners = poll.owners!;
  const verdict = owners.outcome === 'open' ? (owners.passingNow ? '按目前票数：可以通过' : '按目前票数：尚未达到通过条件') : VERDICT[owners.outcome];
  const good = owners.outcome === 'passed' || (owners.outcome === 'open' && owners.passingNow);
  return (
    <section className="or" aria-label="表决统计">
      <h2 className="or-title">表决统计{owners.outcome === 'open' ? '（实时）' : ''}</h2>
      <p className={`or-verdict${good ? ' is-good' : owners.outcome === 'hidden' ? '' : ' is-bad'}`} role="status">
        {verdict}
      </p>
      <dl className="or-turnout">
        <div>
          <dt>已投户数</dt>
          <dd>
            {owners.voted.units}户<small>共{owners.total.units}户</small>
          </dd>
        </div>
        <div>
          <dt>参与面积</dt>
          <dd>
            {owners.voted.area}㎡<small>共{owners.total.area}㎡</small>
          </dd>
        </div>
        <div>
          <dt>参与业主</dt>
          <dd>
            {owners.voted.owners}人<small>共{owners.total.owners}人</small>
          </dd>
        </div>
      </dl>
      {owners.options.length > 0 && (
        <table className="or-table">
          <caption className="or-caption">各选项</caption>
          <thead>
            <tr>
              <th scope="col">意见</th>
              <th scope="col">户数</th>
              <th scope="col">面积㎡</th>
              <th scope="col">人数</th>
            </tr>
          </thead>
          <tbody>
            {owners.options.map((o) => (
              <tr key={o.option_id}>
                <th scope="row">{poll.options.find((p) => p.option_id === o.option_id)?.title}</th>
                <td>{o.units}</td>
                <td>{o.area}</td>
                <td>{o.owners}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {owners.thresholds.length > 0 && (
        <ul className="or-thresholds" aria-label="法定条件（民法典第二百七十八条）">
          {owners.thresholds.map((t) => (
            <li key={t.key} className={t.met ? 'is-met' : 'is-unmet'}>
              <span className="or-mark" aria-hidden="true">
                {t.met ? '✓' : '✗'}
              </span>
              <span className="or-rule">
                {t.label}
                <small>要求 {t.rule}</small>
              </span>
              <span className="or-value">
                {amount(t.key, t.value)}
                <small>占 {share(t.value, t.of)}</small>
              </span>
              <span className="visually-hidden">{t.met ? '已达到' : '未达到'}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="or-note">按发起时的房屋登记计票，未投票的业主不计为同意；弃权计入参与、不计为同意。同一业主名下多套房屋按一人计。</p>
    </section>
  );
}
