import { useSearchParams } from 'react-router';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { BoardMsg } from '@sq/contract/board/board-rules';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePost } from '../api/post';
import { useBoardRules } from '../api/rules';
import { BoardRefusal, NoCommunity } from '../components/board-refusal';
import { PublishForm } from '../components/publish-form';
import { RulesGate } from '../components/rules-gate';
import '../board.css';

/**
 * /tpush (发帖), /tpush?id= (the author edits their post): the rules first if not yet accepted,
 * then the form. People who may only read are told why they cannot post.
 */
export function PublishPage() {
  const [params] = useSearchParams();
  const editId = params.get('id');
  useDocumentTitle(editId ? '编辑帖子' : '发帖');
  const current = useCurrentCommunityId();
  const editing = usePost(editId ?? '');
  const post = editing.data?.post ?? null;
  const poiId = editId ? (post?.poiId ?? null) : current.poiId;
  const rules = useBoardRules(poiId);

  const body = () => {
    if (editId && editing.isError) return <BoardRefusal error={editing.error} onRetry={() => void editing.refetch()} />;
    if (editId && post && !post.mine) return <p className="bd-reader-note">{BoardMsg.notAuthor}</p>;
    if (rules.isError) return <BoardRefusal error={rules.error} onRetry={() => void rules.refetch()} />;
    if (current.settled && !poiId && !editId) return <NoCommunity />;
    if (!rules.data || !poiId || (editId && !post)) {
      return (
        <p className="bd-detail-loading" role="status">
          <DotLoading /> 加载中
        </p>
      );
    }
    if (!rules.data.canPost) return <p className="bd-reader-note">{BoardMsg.notMember}</p>;
    if (!rules.data.accepted) return <RulesGate poiId={poiId} text={rules.data.text} />;
    return <PublishForm poiId={poiId} staff={rules.data.staff ?? false} editing={post} startKind={params.get('kind')} />;
  };

  return (
    <main className="bd-publish-page">
      <PageHeader heading title={editId ? '编辑帖子' : '发帖'} />
      {body()}
    </main>
  );
}
