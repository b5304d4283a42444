import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { BoardMsg } from '@sq/contract/board/board-rules';
import { useModerate } from '../api/queue';
import { targetLabel } from '../lib/moderation-text';
import { ReasonField } from './reason-field';
import { Sheet, SheetQuote } from './sheet';

const PRESETS = ['含广告或推销信息', '涉及他人隐私', '言语不文明', '虚假或诈骗信息', '与本社区无关'] as const;

export interface RemoveTarget {
  target: 'post' | 'comment';
  id: string;
  text: string;
}

/** 删除 a post or comment: the reason is required, because its author reads it. */
export function RemoveSheet({ poiId, item, onClose }: { poiId: string; item: RemoveTarget | null; onClose: () => void }) {
  return (
    <Sheet open={item !== null} title={item ? `删除${targetLabel(item.target)}` : '删除'} onClose={onClose}>
      {item && <RemoveForm key={item.id} poiId={poiId} item={item} onClose={onClose} />}
    </Sheet>
  );
}

function RemoveForm({ poiId, item, onClose }: { poiId: string; item: RemoveTarget; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const moderate = useModerate(poiId);
  const submit = () => {
    if (!reason.trim()) return void Toast.show({ content: BoardMsg.reason });
    moderate.mutate(
      { target: item.target, id: item.id, action: 'remove', reason: reason.trim() },
      { onSuccess: () => (Toast.show({ icon: 'success', content: '已删除，作者会看到原因' }), onClose()) },
    );
  };
  return (
    <>
      <SheetQuote>{item.text}</SheetQuote>
      <ReasonField label="删除原因（作者会看到）" placeholder="请填写原因，作者会看到" value={reason} onChange={setReason} presets={PRESETS} />
      <div className="bm-sheet-actions">
        <Button shape="rounded" size="large" onClick={onClose}>
          取消
        </Button>
        <Button color="danger" shape="rounded" size="large" loading={moderate.isPending} onClick={submit}>
          确认删除
        </Button>
      </div>
    </>
  );
}
