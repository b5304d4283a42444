import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Toast from 'antd-mobile/es/components/toast';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptRules } from '../api/accept-rules';
import { useBoardRules } from '../api/rules';
import { BoardRefusal, NoCommunity } from '../components/board-refusal';
import { RulesText } from '../components/rules-text';
import '../board.css';

/** /rules (邻里圈规则): the community's rules; 同意 for a person who may post and has not yet agreed. */
export function RulesPage() {
  useDocumentTitle('邻里圈规则');
  const { poiId, settled } = useCurrentCommunityId();
  const rules = useBoardRules(poiId);
  const accept = useAcceptRules(poiId);

  const body = () => {
    if (settled && !poiId) return <NoCommunity />;
    if (rules.isError) return <BoardRefusal error={rules.error} onRetry={() => void rules.refetch()} />;
    if (!rules.data) {
      return (
        <p className="bd-detail-loading" role="status">
          <DotLoading /> 加载中
        </p>
      );
    }
    const { text, accepted, canPost, updatedAt } = rules.data;
    return (
      <div className="bd-gate">
        <RulesText text={text} />
        {updatedAt && <p className="bd-hint">本小区更新于 {new Date(updatedAt * 1000).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' })}</p>}
        {canPost &&
          (accepted ? (
            <p className="bd-hint" role="status">
              您已同意以上规则
            </p>
          ) : (
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              loading={accept.isPending}
              onClick={() => accept.mutate(undefined, { onSuccess: () => Toast.show({ icon: 'success', content: '已同意' }) })}
            >
              同意
            </Button>
          ))}
      </div>
    );
  };

  return (
    <main className="bd-publish-page">
      <PageHeader heading title="邻里圈规则" />
      {body()}
    </main>
  );
}
