import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Toast from 'antd-mobile/es/components/toast';
import { REPORT_REASON_NAMES, REPORT_REASONS } from '@sq/contract/board/board-rules';
import { useReport } from '../api/comments';

/** 举报: the reasons as a sheet of large buttons; the server counts one report per person. */
export function ReportSheet({ target, onClose }: { target: { kind: 'post' | 'comment'; id: string } | null; onClose: () => void }) {
  const report = useReport();
  return (
    <ActionSheet
      visible={target !== null}
      onClose={onClose}
      extra={target?.kind === 'comment' ? '举报这条评论的原因' : '举报这条帖子的原因'}
      cancelText="取消"
      actions={REPORT_REASONS.map((reason) => ({
        key: reason,
        text: REPORT_REASON_NAMES[reason],
        onClick: () => {
          if (!target) return;
          onClose();
          report.mutate(
            { target: target.kind, id: target.id, reason, detail: '' },
            { onSuccess: () => Toast.show({ icon: 'success', content: '已举报，工作人员会尽快处理' }) },
          );
        },
      }))}
    />
  );
}
