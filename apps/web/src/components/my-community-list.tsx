import { Link } from 'react-router';
import type { MyCommunity } from '@sq/contract/community/my-communities';
import './my-community-list.css';

const PASS_LABEL: Record<number, string> = { 1: '通行证有效', 0: '通行证待审核', [-1]: '通行证已退回' };

/** What ties the account to the community, in words a resident reads at a glance. */
function ties(c: MyCommunity): string[] {
  const out: string[] = [];
  if (c.pass !== null) out.push(c.pass === -1 && c.revoked ? '通行证已撤销' : (PASS_LABEL[c.pass] ?? '有登记'));
  if (c.home) out.push('有房屋');
  if (c.staff) out.push('执勤/管理');
  return out;
}

/**
 * The communities an account belongs to, each a large link: shown when a new phone (or a cleared
 * browser) does not know which one to open and the account has more than one.
 */
export function MyCommunityList({ communities, linkTo, onPick }: { communities: MyCommunity[]; linkTo: (poiId: string) => string; onPick?: (poiId: string) => void }) {
  return (
    <ul className="sq-mine" aria-label="我所属的社区">
      {communities.map((c) => (
        <li key={c.poiId}>
          <Link className="sq-mine-item" to={linkTo(c.poiId)} onClick={() => onPick?.(c.poiId)}>
            <span className="sq-mine-name">{c.community}</span>
            <span className="sq-mine-ties">{ties(c).join(' · ')}</span>
            <span className="sq-mine-go" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
