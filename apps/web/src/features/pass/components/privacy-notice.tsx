import { RETENTION_DEFAULTS, type Retention } from '@sq/contract/manage/retention-rules';
import { privacyNotice } from '@sq/contract/privacy/notice';
import './privacy-notice.css';

/**
 * 个人信息处理说明: purpose, what is kept, for how long (this community's periods, or the defaults
 * while they load), who sees it, the person's rights. The form, the first-visit notice and the
 * privacy page all show this one text.
 */
export function PrivacyNotice({ community, retention }: { community: string; retention?: Retention }) {
  return (
    <dl className="privacy-notice">
      {privacyNotice(community, retention ?? RETENTION_DEFAULTS).map((p) => (
        <div key={p.title}>
          <dt>{p.title}</dt>
          <dd>{p.text}</dd>
        </div>
      ))}
    </dl>
  );
}
