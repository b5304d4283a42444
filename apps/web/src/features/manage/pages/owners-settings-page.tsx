import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RolesMsg } from '@sq/contract/polls/owners-roles';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddCommitteeMember, useCommittee, useOwnersSettings, useRemoveCommitteeMember, useSaveNoticeDays } from '../api/owners-settings';
import { MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './owners-settings-page.css';

/**
 * 业主表决设置 (/ownerssettings?poiId=): the community's notice period (15 days by default, never
 * shorter) and its 业主委员会, whose members may start an owners' vote. Administrators change them;
 * managers see them.
 */
export function OwnersSettingsPage() {
  useDocumentTitle('业主表决设置');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const settings = useOwnersSettings(poiId);
  const committee = useCommittee(poiId);
  const saveDays = useSaveNoticeDays(poiId);
  const add = useAddCommitteeMember(poiId);
  const remove = useRemoveCommitteeMember(poiId);
  const [days, setDays] = useState<string | null>(null);
  const [member, setMember] = useState({ name: '', mobile: '' });
  const s = settings.data;
  const shown = days ?? (s ? String(s.noticeDays) : '');

  const submitDays = () => {
    if (!s) return;
    const n = Number(shown);
    if (!Number.isInteger(n) || n < s.min || n > s.max) return void Toast.show({ content: RolesMsg.noticeDays });
    saveDays.mutate(n, { onSuccess: () => (Toast.show({ icon: 'success', content: '已保存' }), setDays(null)) });
  };

  return (
    <main className="mg-screen">
      <ManageHeader title="业主表决设置" subtitle={community.data?.community} fallback={centreOf(poiId)} overlap />
      {!poiId ? (
        <MissingCommunity />
      ) : (
        <>
          {s && (
            <section className="mg-card os-card" aria-label="公告期">
              <h2 className="os-title">公告期</h2>
              <p className="os-note">
                现行公告期：<strong>{s.noticeDays}天</strong>。业主表决公告后满公告期才能开始投票（物业管理条例要求提前15日通知），可设为{s.min}至{s.max}天。
              </p>
              {s.canEdit ? (
                <Form layout="horizontal" onFinish={submitDays} footer={<Button block type="submit" color="primary" size="large" shape="rounded" loading={saveDays.isPending}>保存公告期</Button>}>
                  <Form.Item label="公告期（天）">
                    <Input type="number" inputMode="numeric" aria-label="公告期（天）" value={shown} onChange={setDays} />
                  </Form.Item>
                </Form>
              ) : (
                <p className="os-note">只有社区管理员可以修改。</p>
              )}
            </section>
          )}
          {committee.data && (
            <section className="mg-card os-card" aria-label="业主委员会">
              <h2 className="os-title">业主委员会</h2>
              <p className="os-note">业主委员会成员可以发起业主表决，公告以业主委员会名义发布。未设置的，公告以表决组织者名义发布。</p>
              {committee.data.members.length === 0 && <p className="os-note">尚未设置成员。</p>}
              <ul className="os-list">
                {committee.data.members.map((m) => (
                  <li key={m._id}>
                    <span>
                      {m.name} <small>{m.mobile}</small>
                    </span>
                    {committee.data.canEdit && (
                      <Button size="small" shape="rounded" onClick={() => void Dialog.confirm({ content: `将${m.name}移出业主委员会？`, confirmText: '移出', cancelText: '取消' }).then((yes) => yes && remove.mutate(m._id))}>
                        移出
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {committee.data.canEdit && (
                <Form
                  layout="vertical"
                  onFinish={() => add.mutate(member, { onSuccess: () => (Toast.show({ icon: 'success', content: '已添加' }), setMember({ name: '', mobile: '' })) })}
                  footer={<Button block type="submit" color="primary" shape="rounded" loading={add.isPending}>添加成员</Button>}
                >
                  <Form.Item label="姓名">
                    <Input aria-label="成员姓名" value={member.name} onChange={(name) => setMember({ ...member, name })} placeholder="如：王主任" />
                  </Form.Item>
                  <Form.Item label="手机号">
                    <Input aria-label="成员手机号" type="tel" maxLength={11} value={member.mobile} onChange={(mobile) => setMember({ ...member, mobile })} placeholder="11位手机号" />
                  </Form.Item>
                </Form>
              )}
            </section>
          )}
        </>
      )}
    </main>
  );
}
