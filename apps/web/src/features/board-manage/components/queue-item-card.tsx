import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import type { z } from 'zod';
import type { ZQueueItem } from '@sq/contract/board/moderation';
import { dateOf, heldLines, kindLabel, targetLabel, timeOf } from '../lib/moderation-text';
import './queue-item-card.css';

export type QueueItem = z.output<typeof ZQueueItem>;

interface Props {
  item: QueueItem;
  /** Absent in 已删除: a removed item is only kept, not acted on. */
  actions?: {
    busy: boolean;
    onApprove: () => void;
    onRemove: () => void;
    onPin?: () => void;
    onMute: () => void;
  };
}

/**
 * One held or reported post or comment, as staff judge it: what it says and shows, why it waits
 * (the matched keywords, a link, who reported it and why), who wrote it (screen name and masked
 * mobile: a real person behind every name), and the four things they can do.
 */
export function QueueItemCard({ item, actions }: Props) {
  const [viewing, setViewing] = useState<number | null>(null);
  const kind = kindLabel(item.kind);
  const reasons = heldLines(item);
  // The server says null once a mute has run out.
  const muted = item.author.mutedUntil;
  return (
    <li className="mg-row bm-item">
      <div className="mg-row-head">
        <span className={`mg-tag ${item.target === 'post' ? 'mg-tag-blue' : ''}`}>{targetLabel(item.target)}</span>
        {kind && <span className="mg-tag">{kind}</span>}
        {item.status === 'held' && <span className="mg-tag mg-tag-orange">待审核</span>}
        {item.status === 'visible' && <span className="mg-tag mg-tag-green">显示中</span>}
        {item.status === 'removed' && <span className="mg-tag mg-tag-red">已删除</span>}
        {item.status === 'deleted' && <span className="mg-tag">作者已删除</span>}
        <time className="mg-row-aside">{timeOf(item.createdAt)}</time>
      </div>
      {reasons.length > 0 && (
        <ul className="bm-reasons" aria-label="待处理原因">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {item.status === 'removed' && item.removedReason && <p className="bm-removed">删除原因：{item.removedReason}</p>}
      <p className="bm-text">{item.text}</p>
      {item.images.length > 0 && (
        <div className="bm-thumbs">
          {item.images.map((img, i) => (
            <button key={img.url} type="button" className="bm-thumb" aria-label={`查看第${i + 1}张图片`} onClick={() => setViewing(i)}>
              <img src={img.thumbUrl} alt="" loading="lazy" />
            </button>
          ))}
          <ImageViewer.Multi images={item.images.map((i) => i.url)} visible={viewing !== null} defaultIndex={viewing ?? 0} onClose={() => setViewing(null)} />
        </div>
      )}
      <p className="bm-author">
        作者：{item.author.username} · <span className="bm-num">{item.author.mobile}</span>
        {muted && <span className="mg-tag mg-tag-red bm-muted">禁言至{dateOf(muted)}</span>}
      </p>
      {actions && (
        <div className="bm-actions">
          <Button color="primary" shape="rounded" loading={actions.busy} onClick={actions.onApprove}>
            通过
          </Button>
          <Button color="danger" fill="outline" shape="rounded" disabled={actions.busy} onClick={actions.onRemove}>
            删除
          </Button>
          {actions.onPin && (
            <Button fill="outline" shape="rounded" onClick={actions.onPin}>
              置顶
            </Button>
          )}
          <Button fill="outline" shape="rounded" onClick={actions.onMute}>
            禁言
          </Button>
        </div>
      )}
    </li>
  );
}
