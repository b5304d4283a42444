import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { Link, useSearchParams } from 'react-router';
import { addDays, beijingDate } from '@sq/contract/beijing-time';
import { WebRoute } from '@sq/contract/routes';
import { checkInvitation, type InvitationInput } from '@sq/contract/visits/visit-rules';
import { INVITATIONS_PER_DAY, VISIT_AHEAD_DAYS, VISIT_MAX_ENTRIES } from '@sq/contract/visits/visit-window';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCancelInvitation, useInvite, useMyInvitations } from '../api/invitations';
import { InvitationCard } from '../../../components/invitation-card';
import { MinuteField } from '../components/minute-field';
import { PassHeader } from '../components/pass-header';
import { ResultPanel } from '../components/result-panel';
import { addMinutes, nextQuarterHour } from '../lib/minute-fields';
import '../components/pass-ui.css';
import './register-page.css';
import './invite-page.css';

interface FormState {
  name: string;
  mobile: string;
  start: string;
  end: string;
  entries: number;
  plate: string;
}

function freshForm(): FormState {
  const start = nextQuarterHour(new Date());
  return { name: '', mobile: '', start, end: addMinutes(start, 240), entries: 1, plate: '' };
}

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    Toast.show({ icon: 'success', content: '链接已复制，可发给访客' });
  } catch {
    // No clipboard (an older WebView): show it to be copied by hand.
    void Dialog.alert({ title: '访客通行证链接', content: <p className="inv-link-text">{link}</p>, confirmText: '知道了' });
  }
}

/**
 * 邀请访客 (/invite?poiId=): a resident with an approved pass invites a visitor for a window; the
 * visitor gets an SMS with a link to their pass. Below, the person's invitations with when each
 * visitor came and left, the link to send again, and 取消邀请.
 */
export function InvitePage() {
  useDocumentTitle('邀请访客');
  const poiId = useSearchParams()[0].get('poiId') ?? '';
  const mine = useMyInvitations(poiId);
  const invite = useInvite(poiId);
  const cancel = useCancelInvitation(poiId);
  const [form, setForm] = useState(freshForm);
  const [invalid, setInvalid] = useState<{ field: keyof InvitationInput; message: string } | null>(null);
  const [sent, setSent] = useState<{ name: string; mobile: string; link: string } | null>(null);
  const set = <K extends keyof FormState>(field: K) => (value: FormState[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setInvalid((i) => (i?.field === field ? null : i));
  };
  const errorOf = (field: keyof InvitationInput) =>
    invalid?.field === field ? (
      <span className="reg-error" role="alert">
        {invalid.message}
      </span>
    ) : null;
  const fieldClass = (field: keyof InvitationInput) => (invalid?.field === field ? 'reg-invalid' : undefined);
  const today = beijingDate(new Date());
  const earliest = `${today} 00:00`;
  const latest = `${addDays(today, VISIT_AHEAD_DAYS + 7)} 23:55`;

  const submit = () => {
    const checked = checkInvitation(form, new Date());
    if (!checked.ok) {
      Toast.show({ content: checked.message, position: 'top' });
      setInvalid({ field: checked.field, message: checked.message });
      return;
    }
    invite.mutate(
      { name: form.name, mobile: form.mobile, start: form.start, end: form.end, entries: form.entries, plate: form.plate },
      {
        onSuccess: ({ invitation }) => {
          setSent({ name: invitation.name, mobile: invitation.mobile, link: invitation.link });
          setForm(freshForm());
          window.scrollTo({ top: 0, behavior: 'smooth' });
        },
      },
    );
  };

  const askCancel = async (id: string, name: string) => {
    const yes = await Dialog.confirm({ title: `取消对 ${name} 的邀请？`, content: '取消后访客的通行证立即失效。', confirmText: '取消邀请', cancelText: '再想想' });
    if (yes) cancel.mutate(id, { onSuccess: () => Toast.show({ icon: 'success', content: '邀请已取消' }) });
  };

  const data = mine.data;
  return (
    <main className="pass-screen invite-page">
      <PassHeader title="邀请访客" fallback={`${WebRoute.pass}?poiId=${encodeURIComponent(poiId)}`} />
      <div className="reg-body">
        {!poiId ? (
          <section className="pass-card">
            <ResultPanel tone="warning" title="链接不完整" description="请从通行证页面进入邀请访客" />
          </section>
        ) : mine.isError ? (
          <section className="pass-card">
            <ResultPanel tone="error" title="加载失败" description={mine.error.message}>
              <button type="button" className="pass-button pass-button-primary" onClick={() => void mine.refetch()}>
                重新加载
              </button>
            </ResultPanel>
          </section>
        ) : !data ? (
          <p className="reg-loading" role="status">
            正在加载…
          </p>
        ) : (
          <>
            {sent && (
              <section className="pass-card" data-testid="invite-sent">
                <ResultPanel tone="success" title="邀请已发送" description={`短信已发送至 ${sent.name}（${sent.mobile}），访客凭短信中的链接打开通行证。`}>
                  <button type="button" className="pass-button pass-button-primary" onClick={() => void copy(sent.link)}>
                    复制链接，用微信发给访客
                  </button>
                </ResultPanel>
              </section>
            )}
            {data.canInvite ? (
              <Form
                className="reg-form"
                layout="horizontal"
                mode="card"
                footer={
                  <>
                    <p className="inv-quota">今天还可邀请 {data.remainingToday} 次（每天最多 {INVITATIONS_PER_DAY} 次）</p>
                    <Button block type="submit" color="primary" size="large" shape="rounded" loading={invite.isPending} disabled={data.remainingToday === 0}>
                      发送邀请
                    </Button>
                  </>
                }
                onFinish={submit}
              >
                <Form.Header>访客信息</Form.Header>
                <Form.Item label="访客姓名" className={fieldClass('name')} description={errorOf('name')}>
                  <Input placeholder="请输入访客姓名" value={form.name} onChange={set('name')} maxLength={32} />
                </Form.Item>
                <Form.Item label="手机号" className={fieldClass('mobile')} description={errorOf('mobile') ?? <span className="reg-hint-plain">通行证链接将以短信发到这个号码</span>}>
                  <Input placeholder="请输入访客手机号" type="tel" value={form.mobile} onChange={set('mobile')} maxLength={16} />
                </Form.Item>
                <Form.Header>来访时间</Form.Header>
                <MinuteField label="开始" value={form.start} min={earliest} max={latest} onChange={set('start')} className={fieldClass('start')} error={errorOf('start')} />
                <MinuteField label="结束" value={form.end} min={earliest} max={latest} onChange={set('end')} className={fieldClass('end')} error={errorOf('end')} />
                <Form.Item label="进入次数" className={fieldClass('entries')} description={errorOf('entries')}>
                  <div className="inv-entries" role="group" aria-label="进入次数">
                    <button type="button" aria-label="减少一次" disabled={form.entries <= 1} onClick={() => set('entries')(form.entries - 1)}>
                      −
                    </button>
                    <output aria-live="polite">{form.entries} 次</output>
                    <button type="button" aria-label="增加一次" disabled={form.entries >= VISIT_MAX_ENTRIES} onClick={() => set('entries')(form.entries + 1)}>
                      +
                    </button>
                  </div>
                </Form.Item>
                <Form.Item label="车牌" className={fieldClass('plate')} description={errorOf('plate')}>
                  <Input placeholder="选填，如 京A12345" value={form.plate} onChange={set('plate')} maxLength={12} />
                </Form.Item>
              </Form>
            ) : (
              <section className="pass-card">
                <ResultPanel tone="info" title="暂不能邀请访客" description="只有本社区登记已通过的住户可以邀请访客。">
                  <Link className="pass-button pass-button-primary" to={`${WebRoute.pass}?poiId=${encodeURIComponent(poiId)}`}>
                    查看我的通行证
                  </Link>
                </ResultPanel>
              </section>
            )}

            <h2 className="inv-section-title">我邀请的访客</h2>
            {data.invitations.length === 0 ? (
              <p className="inv-empty">还没有邀请过访客</p>
            ) : (
              <ul className="inv-list">
                {data.invitations.map((v) => (
                  <InvitationCard
                    key={v._id}
                    invitation={v}
                    onCopy={() => void copy(v.link)}
                    onCancel={() => void askCancel(v._id, v.name)}
                    cancelling={cancel.isPending && cancel.variables === v._id}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </main>
  );
}
