import { Link } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { WebRoute } from '@sq/contract/routes';
import './pass-entry.css';

/**
 * 出入通行证 on the community home: the resident's way to their pass and to the registration form
 * (before, only the gate's QR poster led there). Logged out, both lead through the login.
 */
export function PassEntry({ community }: { community: Community }) {
  const poiId = encodeURIComponent(community.poiId);
  return (
    <section className="sq-pass-entry" aria-label="出入通行证">
      <div className="sq-pass-entry-text">
        <h2>出入通行证</h2>
        <p>进出小区时出示二维码</p>
      </div>
      <div className="sq-pass-entry-actions">
        <Link className="sq-pass-entry-main" to={`${WebRoute.pass}?poiId=${poiId}&state=1`}>
          我的通行证
        </Link>
        <Link className="sq-pass-entry-second" to={`${WebRoute.register}?poiId=${poiId}`}>
          出入登记
        </Link>
      </div>
    </section>
  );
}
