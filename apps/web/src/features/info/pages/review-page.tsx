import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MSG_OWN_SUBMISSION, type Submission } from '@sq/contract/info/info-entry';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { pendingQuery, useReview } from '../api/info-queries';
import { SubmissionView } from '../components/submission-view';
import './review-page.css';

/**
 * 信息审核 (/sqmsg?review=1&poiId=… or &streetId=…): the community's staff, or platform
 * operators for a street, accept or reject what residents sent; accepting changes the entry.
 */
export function ReviewPage() {
  useDocumentTitle('信息审核');
  const [params] = useSearchParams();
  const streetId = params.get('streetId');
  const scope = streetId ? { streetId } : { poiId: params.get('poiId') ?? '' };
  const pending = useQuery(pendingQuery(scope));
  const review = useReview();

  const decide = async (s: Submission, status: 1 | -1) => {
    const accept = status === 1;
    const ok = await Dialog.confirm({
      title: accept ? '采纳这条信息？' : '不采纳这条信息？',
      content: accept ? (s.kind === 'report' ? '采纳后，该条社区信息将更新为修改后的内容。' : '采纳后，这条信息将展示在社区信息中。') : '不采纳则信息保持不变。',
      confirmText: accept ? '采纳' : '不采纳',
      cancelText: '取消',
    });
    if (!ok) return;
    try {
      await review.mutateAsync({ id: s._id, status });
      Toast.show({ icon: 'success', content: accept ? '已采纳' : '已处理' });
    } catch {
      // Toasted by the API client (e.g. 该提交已处理 when another reviewer was faster).
    }
  };

  return (
    <main className="sq-review">
      <PageHeader title={streetId ? '街道信息审核' : '信息审核'} />
      <p className="sq-review-hint">请核实信息真实有效后再采纳。居民提交的内容仅用于更新社区联系方式，请勿外传。</p>
      {pending.isPending ? (
        <div className="sq-review-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      ) : pending.isError ? (
        <ErrorBlock status="default" title="无法查看" description="只有该社区的管理人员可以审核" />
      ) : pending.data.length === 0 ? (
        <EmptyState>暂无待审核的信息</EmptyState>
      ) : (
        pending.data.map((s) => (
          <div key={s._id} className="sq-review-item">
            <SubmissionView submission={s} showSubmitter />
            {s.mine ? (
              <p className="sq-review-own">{MSG_OWN_SUBMISSION}</p>
            ) : (
              <div className="sq-review-actions">
                <Button size="small" shape="rounded" disabled={review.isPending} onClick={() => void decide(s, -1)}>
                  不采纳
                </Button>
                <Button size="small" color="primary" shape="rounded" disabled={review.isPending} onClick={() => void decide(s, 1)}>
                  采纳
                </Button>
              </div>
            )}
          </div>
        ))
      )}
    </main>
  );
}
