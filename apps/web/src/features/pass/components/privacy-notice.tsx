import { RETENTION_DEFAULTS, type Retention } from '@sq/contract/manage/retention-rules';
import { privacyNotice, visitorNotice } from '@sq/contract/privacy/notice';
import './privacy-notice.css';

/**
 * 个人信息处理说明: purpose, what is kept, for how long (this community's periods, or the defaults
 * while they load), who sees it, the person's rights. The form, the first-visit notice and the
 * privacy page all show this one text; an invited visitor's form, its visitor version.
 */
export function PrivacyNotice({ community, retention, visitor = false }: { community: string; retention?: Retention; visitor?: boolean }) {
  return (
    <dl className="privacy-notice">
      {(visitor ? visitorNotice : privacyNotice)(community, retention ?? RETENTION_DEFAULTS).map((p) => (
        <div key={p.title}>
          <dt>{p.title}</dt>
          <dd>{p.text}</dd>
        </div>
      ))}
    </dl>
  );
}
