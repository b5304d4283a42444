import Toast from 'antd-mobile/es/components/toast';
import { PagedList } from '../../manage';
import { useModerate, useModerationQueue, type QueueStatus } from '../api/queue';
import { BOARD_HIDDEN_KEEP_MONTHS } from '@sq/contract/board/board-rules';
import { QueueItemCard, type QueueItem } from './queue-item-card';

interface Props {
  poiId: string;
  status: QueueStatus;
  onRemove: (item: QueueItem) => void;
  onPin: (item: QueueItem) => void;
  onMute: (item: QueueItem) => void;
}

/** 待处理 (held and reported, the longest waiting first, to act on) or 已删除 (kept, hidden). */
export function QueueSection({ poiId, status, onRemove, onPin, onMute }: Props) {
  const list = useModerationQueue(poiId, status);
  const moderate = useModerate(poiId);
  const rows = list.data?.pages.flatMap((p) => p.items);
  const approve = (item: QueueItem) =>
    moderate.mutate({ target: item.target, id: item.id, action: 'approve' }, { onSuccess: () => void Toast.show({ icon: 'success', content: '已通过，内容正常显示' }) });

  return (
    <>
      {status === 'removed' && (
        <p className="mg-privacy bm-note">
          删除的内容对居民隐藏，作者可看到删除原因；按规定保存{BOARD_HIDDEN_KEEP_MONTHS}个月以备有关部门查询，到期由系统自动彻底删除。
        </p>
      )}
      <PagedList
        poiId={poiId}
        pages={list}
        rows={rows}
        failed={Boolean(list.error && !list.data)}
        label={status === 'pending' ? '待处理的帖子和评论' : '已删除的帖子和评论'}
        empty={status === 'pending' ? { title: '没有待处理的内容', hint: '含关键词、链接或被多人举报的帖子和评论会出现在这里' } : { title: '暂无已删除的内容' }}
      >
        {(item) => (
          <QueueItemCard
            key={`${item.target}-${item.id}`}
            item={item}
            actions={
              status === 'pending'
                ? {
                    busy: moderate.isPending && moderate.variables?.id === item.id,
                    onApprove: () => approve(item),
                    onRemove: () => onRemove(item),
                    // Only a shown post can be pinned (pinPost): a held one is approved first.
                    onPin: item.target === 'post' && item.status === 'visible' ? () => onPin(item) : undefined,
                    onMute: () => onMute(item),
                  }
                : undefined
            }
          />
        )}
      </PagedList>
    </>
  );
}
