import Button from 'antd-mobile/es/components/button';
import { useNavigate } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { NOTIFICATION_KIND_INFO, REVIEW_WAIT_HOURS } from '@sq/contract/notifications/kinds';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SwitchButton } from '../../../components/switch-button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMarkRead, useNotifications, useNotificationSettings, useSaveNotificationSetting } from '../api/notifications';
import './notices-page.css';

const time = (seconds: number) => beijingDateTime(new Date(seconds * 1000));

/**
 * 消息 (/notices): what the person was told – reviews of their registration, their pass scanned at
 * the gate, for managers the reviews waiting – newest first; tapping one opens what it is about.
 * Below, each kind can be turned off.
 */
export function NoticesPage() {
  useDocumentTitle('消息');
  const navigate = useNavigate();
  const list = useNotifications();
  const markRead = useMarkRead();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;

  const open = (n: (typeof items)[number]) => {
    if (!n.read) markRead.mutate([n._id]);
    if (n.link) navigate(n.link);
  };

  return (
    <main className="nt-screen">
      <PageHeader
        heading
        title="消息"
        right={
          unread > 0 && (
            <button type="button" className="nt-read-all" disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
              全部已读
            </button>
          )
        }
      />
      <section className="nt-card" aria-label="消息列表">
        {list.isPending && (
          <p className="nt-status" role="status">
            正在加载…
          </p>
        )}
        {list.isError && (
          <p className="nt-status" role="alert">
            暂时无法加载消息，请稍后再试
          </p>
        )}
        {list.data && items.length === 0 && <EmptyState title="还没有消息">登记审核结果、扫码进出会在这里告诉您</EmptyState>}
        {items.length > 0 && (
          <ul className="nt-list">
            {items.map((n) => (
              <li key={n._id}>
                <button type="button" className={`nt-item${n.read ? '' : ' nt-unread'}`} onClick={() => open(n)}>
                  <span className="nt-item-head">
                    {!n.read && <span className="nt-dot" aria-label="未读" />}
                    <span className="nt-title">{n.title}</span>
                    <time className="nt-time">{time(n.createdAt)}</time>
                  </span>
                  <span className="nt-body">{n.body}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            加载更多
          </Button>
        )}
      </section>

      {/* After the list has come: arriving messages pushed the settings down under the reader's finger (CLS 0.7). */}
      {!list.isLoading && (
        <section className="nt-card" aria-labelledby="nt-settings">
          <h2 id="nt-settings" className="nt-card-title">
            消息设置
          </h2>
          <ul className="nt-settings">
            {settings.data?.settings.map((s) => {
              const info = NOTIFICATION_KIND_INFO[s.kind];
              return (
                <li key={s.kind}>
                  <span className="nt-setting-text">
                    <span className="nt-setting-label">{info.label}</span>
                    <small>
                      {info.hint}
                      {info.channels.includes('sms') ? '；同时发短信' : '；不发短信'}
                    </small>
                  </span>
                  <SwitchButton on={s.enabled} label={info.label} disabled={save.isPending && save.variables?.kind === s.kind} onChange={(on) => save.mutate({ kind: s.kind, enabled: on })} />
                  {s.kind === 'reviewsWaiting' && s.enabled && (
                    <div className="nt-hours" role="group" aria-label="等待多久后提醒">
                      {[...REVIEW_WAIT_HOURS].sort((a, b) => a - b).map((h) => (
                        <button key={h} type="button" className={`nt-hour${s.hours === h ? ' nt-hour-on' : ''}`} aria-pressed={s.hours === h} onClick={() => save.mutate({ kind: s.kind, enabled: true, hours: h })}>
                          {h}小时
                        </button>
                      ))}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="nt-note">已绑定微信的，也会收到微信通知。关闭后，这类消息不再提醒，也不发短信和微信。</p>
        </section>
      )}
    </main>
  );
}
