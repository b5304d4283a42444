import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailure } from '../../manage';
import { useMute, useMutes } from '../api/mutes';
import { dateOf, timeOf } from '../lib/moderation-text';
import './sections.css';

/** 禁言: who may not post or comment here now, why and until when, with 解除禁言. */
export function MutesSection({ poiId }: { poiId: string }) {
  const mutes = useMutes(poiId);
  const mute = useMute(poiId);
  if (mutes.error) return <LoadFailure error={mutes.error} onRetry={() => void mutes.refetch()} />;
  if (!mutes.data) return <p className="mg-loading" role="status">正在加载…</p>;

  const lift = async (openId: string, name: string) => {
    const yes = await Dialog.confirm({ title: `解除对“${name}”的禁言？`, content: '解除后可立即发帖和评论。', confirmText: '解除禁言', cancelText: '不解除' });
    if (yes) mute.mutate({ openId, days: 0 }, { onSuccess: () => void Toast.show({ icon: 'success', content: '已解除禁言' }) });
  };

  return (
    <>
      <p className="mg-privacy bm-note">禁言在待处理的内容上点“禁言”；被禁言的人仍可浏览邻里圈，到期自动解除。</p>
      {mutes.data.mutes.length === 0 ? (
        <div className="mg-card">
          <EmptyState title="没有被禁言的人" />
        </div>
      ) : (
        <ul className="mg-list" aria-label="被禁言的人">
          {mutes.data.mutes.map((m) => (
            <li key={m.openId} className="mg-row">
              <div className="mg-row-head">
                <span className="mg-row-name">{m.username}</span>
                <span className="bm-num">{m.mobile}</span>
              </div>
              <p className="bm-line">禁言至 {m.mutedUntil ? dateOf(m.mutedUntil) : '—'}（{timeOf(m.mutedAt)} 起）</p>
              <p className="bm-line">原因：{m.reason}</p>
              <div className="bm-post-actions">
                <Button fill="outline" shape="rounded" loading={mute.isPending && mute.variables?.openId === m.openId} onClick={() => void lift(m.openId, m.username)}>
                  解除禁言
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
