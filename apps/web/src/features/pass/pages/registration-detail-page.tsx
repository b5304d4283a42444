import { useSearchParams } from 'react-router';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { OwnRegistration } from '../components/own-registration';
import { ResultPanel } from '../components/result-panel';
import { StaffRegistration } from '../components/staff-registration';
import { PassHeader } from '../components/pass-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/pass-ui.css';
import './registration-detail-page.css';

/**
 * /xxdetail: the person's own registration (`type=user`), or the staff view of one registration,
 * opened by scanning a pass (`code`, `pass`) or from the records list (`id`).
 */
export function RegistrationDetailPage() {
  const [params] = useSearchParams();
  // The person's own view may come from a link without the community: theirs is meant.
  const current = useCurrentCommunityId();
  const poiId = params.get('poiId') ?? '';
  const code = params.get('code') ?? '';
  const id = params.get('id') ?? '';
  const own = params.get('type') === 'user';
  const pass = Number(params.get('pass')) === 2 ? 2 : 1;

  if (own && (poiId || current.poiId)) return <OwnRegistration poiId={poiId || current.poiId!} />;
  if (own && !current.settled) return null;
  if (poiId && (code || id)) {
    return <StaffRegistration poiId={poiId} code={code} id={id} openId={params.get('openId') ?? undefined} pass={pass} />;
  }
  return <IncompleteLink />;
}

function IncompleteLink() {
  useDocumentTitle('登记详情');
  return (
    <main className="pass-screen">
      <PassHeader title="登记详情" />
      <section className="pass-card">
        <ResultPanel tone="warning" title="链接不完整" description="请重新扫描通行证二维码，或从登记记录进入" />
      </section>
    </main>
  );
}
