import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import type { RemovalRequest } from '@sq/contract/albums/albums';
import { WebRoute } from '@sq/contract/routes';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { showToast } from '../../../lib/toast';
import { LoadFailure } from '../../manage';
import { useDecideRemoval, useRemovalRequests } from '../api/albums';
import '../../../components/life-card.css';
import '../albums.css';

/** Staff (managers, administrators): open requests to remove a photo, oldest first; 删除照片 or 保留. */
export function RemovalQueue({ poiId }: { poiId: string }) {
  const list = useRemovalRequests(poiId);
  const decide = useDecideRemoval();

  const act = async (r: RemovalRequest, decision: 'remove' | 'keep') => {
    let note = '';
    const ok = await Dialog.confirm({
      title: decision === 'remove' ? '删除这张照片' : '保留这张照片',
      content: <Input placeholder="说明（选填，会告知申请人）" onChange={(v) => (note = v)} aria-label="说明" />,
      confirmText: decision === 'remove' ? '删除照片' : '保留',
      cancelText: '返回',
    });
    if (!ok) return;
    await decide.mutateAsync({ poiId, photoId: r.photoId, requester: r.requesterOpenId, decision, note });
    showToast(decision === 'remove' ? '已删除，已通知申请人和上传者' : '已保留，已通知申请人');
  };

  if (list.error && !list.data) return <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <p className="sp-muted sp-pad" role="status">正在加载…</p>;
  const rows = list.data.pages.flatMap((p) => p.requests);
  if (rows.length === 0) return <EmptyState title="没有待处理的照片删除申请" />;
  return (
    <ul className="sp-list" aria-label="照片删除申请">
      {rows.map((r) => (
        <li key={`${r.photoId}-${r.requesterOpenId}`} className="sp-card al-request">
          <img src={r.photo.thumbUrl} alt="申请删除的照片" />
          <div>
            <Link to={`${WebRoute.albums}?event=${r.eventId}`} className="sp-mine-name">{r.eventTitle}</Link>
            <p className="sp-muted">申请人：{r.requester}{r.others ? `（另有${r.others}人申请）` : ''}</p>
            <p className="sp-muted">原因：{r.reason || '未填写'}</p>
            <div className="sp-actions">
              <Button size="middle" color="danger" onClick={() => void act(r, 'remove')}>删除照片</Button>
              <Button size="middle" onClick={() => void act(r, 'keep')}>保留</Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
