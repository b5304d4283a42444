import Dialog from 'antd-mobile/es/components/dialog';
import Switch from 'antd-mobile/es/components/switch';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { listCommunityInvitationsCall } from '@sq/contract/visits/invitations';
import { InvitationCard } from '../../../components/invitation-card';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunityInvitations, useSaveVisitSetting, useStaffCancelInvitation } from '../api/invitations';
import { useStaff } from '../api/staff';
import { ExportButton } from '../components/export-button';
import { centreOf, ManageHeader } from '../components/manage-header';
import { PagedList } from '../components/paged-list';
import { PrivacyNotice } from '../components/privacy-notice';
import { canAddStaff } from '../lib/roles';
import '../components/manage-ui.css';
import './invitations-page.css';

/**
 * 访客邀请 (/visitors?poiId=): every visitor the community's residents invited, newest first, with
 * who invited them and when they came and left; managers cancel one and decide whether invited
 * visitors must give a document; everyone on the staff exports the list.
 */
export function InvitationsPage() {
  useDocumentTitle('访客邀请');
  const poiId = useSearchParams()[0].get('poiId') ?? '';
  const list = useCommunityInvitations(poiId);
  const staff = useStaff(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const cancel = useStaffCancelInvitation(poiId);
  const setting = useSaveVisitSetting(poiId);
  const rows = list.data?.pages.flatMap((p) => p.invitations);
  const withoutDocument = list.data?.pages[0]?.withoutDocument ?? false;
  const failed = Boolean(list.error && !list.data);
  const manages = staff.data ? canAddStaff(staff.data.isAdmin) : false;

  const askCancel = async (id: string, name: string, inviter: string) => {
    const yes = await Dialog.confirm({ title: `取消 ${inviter} 对 ${name} 的邀请？`, content: '取消后访客的通行证立即失效，邀请人可在邀请记录中看到。', confirmText: '取消邀请', cancelText: '再想想' });
    if (yes) cancel.mutate(id, { onSuccess: () => Toast.show({ icon: 'success', content: '邀请已取消' }) });
  };

  return (
    <main className="mg-screen">
      <ManageHeader
        title="访客邀请"
        subtitle={community.data?.community}
        fallback={centreOf(poiId)}
        right={poiId && !failed ? <ExportButton listPath={listCommunityInvitationsCall.path} request={{ poiId }} isAdmin={staff.data?.isAdmin} what="全部访客邀请" /> : null}
      />
      {poiId && !failed && list.data && (
        <section className="mg-card inv-setting" aria-label="访客设置">
          <div className="inv-setting-line">
            <div>
              <p className="inv-setting-title">受邀访客免填证件</p>
              <p className="inv-setting-hint">
                {withoutDocument ? '访客凭短信链接直接出示通行证，无需填写证件号码。' : '访客打开短信链接后，须先填写证件号码才显示通行证。'}
              </p>
            </div>
            <Switch
              aria-label="受邀访客免填证件"
              checked={withoutDocument}
              disabled={!manages}
              loading={setting.isPending}
              onChange={(on) => setting.mutate(on, { onSuccess: () => Toast.show({ icon: 'success', content: on ? '已设为免填证件' : '已设为须填证件' }) })}
            />
          </div>
          {!manages && <p className="inv-setting-hint">此设置由社区管理员或社区经理修改。</p>}
        </section>
      )}
      {poiId && !failed && <PrivacyNotice />}
      <PagedList poiId={poiId} pages={list} rows={rows} failed={failed} label="访客邀请" empty={{ title: '暂无访客邀请', hint: '住户在通行证页面邀请访客后，邀请会出现在这里' }}>
        {(v) => (
          <InvitationCard
            key={v._id}
            invitation={v}
            onCancel={manages ? () => void askCancel(v._id, v.name, v.inviter.name) : undefined}
            cancelling={cancel.isPending && cancel.variables === v._id}
          >
            <p className="inv-line">
              <span className="inv-label">邀请人</span>
              <span className="inv-value">
                {v.inviter.name} · {v.inviter.address}
              </span>
            </p>
          </InvitationCard>
        )}
      </PagedList>
    </main>
  );
}
