import { visitWindowText } from '@sq/contract/visits/visit-window';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ElderModeSwitch } from '../../../components/elder-mode-switch';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { WebRoute } from '@sq/contract/routes';
import { postDownload } from '../../../lib/form-download';
import { currentToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { confirmDialog } from '../../../lib/dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteMyAccount, useDeleteMyRegistration, useMyData, useUnbindWechat } from '../api/my-data';
import { InfoRows } from '../components/info-rows';
import { PassHeader } from '../components/pass-header';
import { registrationRows } from '../components/registration-rows';
import { ResultPanel } from '../components/result-panel';
import { StatusTag } from '../components/status-tag';
import '../components/pass-ui.css';
import './my-data-page.css';

const time = (seconds: number) => beijingDateTime(new Date(seconds * 1000));

/**
 * 我的信息 (/mydata): everything kept about the person, who saw their whole numbers or exported a
 * list holding them, a copy to download, and deleting a registration or the whole account.
 */
export function MyDataPage() {
  useDocumentTitle('我的信息');
  const poiId = useSearchParams()[0].get('poiId') ?? '';
  const navigate = useNavigate();
  const data = useMyData();
  const deleteRegistration = useDeleteMyRegistration();
  const deleteAccount = useDeleteMyAccount();
  const unbindWechat = useUnbindWechat();
  const q = poiId ? `?poiId=${encodeURIComponent(poiId)}` : '';

  const download = (format: 'json' | 'xlsx') => postDownload(`/v1/mydata/export?format=${format}`, { token: currentToken() ?? '' });

  const removeRegistration = async (poiId: string, community: string) => {
    const sure = await confirmDialog({
      title: `删除在${community}的登记？`,
      content: '删除后通行证立即失效，再进出需要重新登记。已有的出入记录按社区规定的期限保存后删除；工作人员对您信息的操作记录仍保留在操作日志中。',
      confirmText: '确认删除',
      cancelText: '取消',
    });
    if (!sure) return;
    deleteRegistration.mutate(poiId, { onSuccess: () => showToast('登记已删除') });
  };

  const unbind = async () => {
    const sure = await confirmDialog({
      title: '解除微信绑定？',
      content: '解除后不能再用微信一键登录，也不再收到微信通知；用手机号登录不受影响。以后用微信登录并验证手机号即可重新绑定。',
      confirmText: '解除绑定',
      cancelText: '取消',
    });
    if (!sure) return;
    unbindWechat.mutate(undefined, { onSuccess: () => showToast('已解除微信绑定') });
  };

  const removeAccount = async () => {
    const sure = await confirmDialog({
      title: '注销账号？',
      content: '将删除您在所有社区的出入登记、加入的社区和微信绑定，并退出登录；此操作不能撤销。投票记录和工作人员的操作记录中只显示“已注销用户”。',
      confirmText: '确认注销',
      cancelText: '取消',
    });
    if (!sure) return;
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        showToast('账号已注销');
        navigate(WebRoute.home, { replace: true });
      },
    });
  };

  const d = data.data;
  return (
    <main className="pass-screen my-data-page">
      <PassHeader title="我的信息" fallback={`${WebRoute.pass}${q}`}>
        <p className="md-sub">本系统保存的您的信息，以及谁查看或导出过</p>
      </PassHeader>
      {!d ? (
        data.isError ? (
          <section className="pass-card">
            <ResultPanel tone="error" title="暂时无法加载" description={data.error.message} />
          </section>
        ) : (
          <div className="pass-card pass-loading" role="status" aria-label="加载中">
            <span className="pass-spinner" aria-hidden="true" />
            <p>正在加载…</p>
          </div>
        )
      ) : (
        <>
          <section className="pass-card md-card" aria-labelledby="md-account">
            <h2 id="md-account" className="pass-card-title">账号</h2>
            <InfoRows
              rows={[
                { label: '手机号', value: d.account.mobile },
                { label: '注册时间', value: time(d.account.createdAt) },
                { label: '微信', value: d.account.wechat ? '已绑定' : '未绑定' },
                { label: '所在社区', value: d.account.communities.map((c) => c.community).join('、') },
              ]}
            />
            {d.account.wechat && (
              <button type="button" className="pass-button md-secondary" disabled={unbindWechat.isPending} onClick={() => void unbind()}>
                解除微信绑定
              </button>
            )}
          </section>

          <section className="pass-card md-card" aria-labelledby="md-registrations">
            <h2 id="md-registrations" className="pass-card-title">出入登记</h2>
            {d.registrations.length === 0 && <p className="md-empty">您还没有出入登记</p>}
            {d.registrations.map((r) => (
              <article key={r._id} className="md-registration">
                <div className="md-registration-head">
                  <h3>{r.community}</h3>
                  <StatusTag status={r.status} revoked={r.revoked} />
                </div>
                <InfoRows
                  rows={[
                    ...registrationRows(r),
                    { label: '同意说明', value: r.consentAt ? time(r.consentAt) : '尚未同意（工作人员代为登记）' },
                    { label: '车牌', value: r.plates.join('、') },
                    { label: '出入次数', value: `${r.entries} 次` },
                  ]}
                />
                <button type="button" className="pass-button md-danger" disabled={deleteRegistration.isPending} onClick={() => void removeRegistration(r.poiId, r.community)}>
                  删除此登记
                </button>
              </article>
            ))}
          </section>

          {d.homes.length > 0 && (
            <section className="pass-card md-card" aria-labelledby="md-homes">
              <h2 id="md-homes" className="pass-card-title">房屋登记</h2>
              <p className="md-note">社区的业主名册中登记了您的手机号（用于业主表决），更正请联系社区。</p>
              <ul className="md-list">
                {d.homes.map((h) => (
                  <li key={`${h.community}${h.home}`}>
                    {h.community} {h.home} · {h.area}㎡
                  </li>
                ))}
              </ul>
            </section>
          )}

          {d.invitations.length > 0 && (
            <section className="pass-card md-card" aria-labelledby="md-invitations">
              <h2 id="md-invitations" className="pass-card-title">邀请的访客</h2>
              <ul className="md-list">
                {d.invitations.map((v) => (
                  <li key={`${v.start}-${v.name}-${v.mobile}`}>
                    {v.community} · {v.name}（{v.mobile}）· {visitWindowText(new Date(v.start * 1000), new Date(v.end * 1000))} · 进入 {v.entriesUsed}/{v.entries} 次{v.cancelled ? ' · 已取消' : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section className="pass-card md-card" aria-labelledby="md-entries">
            <h2 id="md-entries" className="pass-card-title">最近出入</h2>
            {d.entries.length === 0 ? (
              <p className="md-empty">暂无出入记录</p>
            ) : (
              <ul className="md-list">
                {d.entries.map((e, i) => (
                  <li key={i}>
                    {time(e.at)} · {e.community} · {e.pass === 2 ? '出' : '进'}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="pass-card md-card" aria-labelledby="md-accesses">
            <h2 id="md-accesses" className="pass-card-title">谁查看或导出过</h2>
            {d.accesses.length === 0 ? (
              <p className="md-empty">还没有工作人员查看您的完整信息或导出包含您的表格</p>
            ) : (
              <ul className="md-list md-accesses">
                {d.accesses.map((a, i) => (
                  <li key={i}>
                    <span className="md-access-when">{time(a.at)}</span>
                    <span>
                      {a.community} · {a.by} · {a.action}
                      {a.whole ? '（完整号码）' : '（号码部分隐藏）'}
                      {!a.certain && '，可能包含您'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="pass-card md-card" aria-labelledby="md-settings">
            <h2 id="md-settings" className="pass-card-title">显示设置</h2>
            <ElderModeSwitch className="md-elder" />
          </section>

          <section className="pass-card md-card" aria-labelledby="md-copy">
            <h2 id="md-copy" className="pass-card-title">下载副本</h2>
            <p className="md-note">副本含完整的手机号和证件号码，请妥善保存。</p>
            <div className="md-actions">
              <button type="button" className="pass-button pass-button-primary" onClick={() => download('xlsx')}>
                下载 Excel
              </button>
              <button type="button" className="pass-button" onClick={() => download('json')}>
                下载 JSON
              </button>
            </div>
          </section>

          <section className="pass-card md-card" aria-labelledby="md-leave">
            <h2 id="md-leave" className="pass-card-title">注销账号</h2>
            <p className="md-note">删除您在所有社区的登记和账号信息。社区工作人员需先由管理员解除职务。</p>
            <button type="button" className="pass-button md-danger" disabled={deleteAccount.isPending} onClick={() => void removeAccount()}>
              注销账号
            </button>
          </section>

          <p className="md-policy">
            <Link to={`${WebRoute.privacy}${q}`}>隐私政策</Link>
          </p>
        </>
      )}
    </main>
  );
}
