import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePersonPosts } from '../api/list-posts';
import { useBoardRules } from '../api/rules';
import { Avatar } from '../components/avatar';
import { NoCommunity } from '../components/board-refusal';
import { NoPosts, PostList } from '../components/post-list';
import { boardLinks } from '../lib/board-links';
import { useOwnOpenId } from '../lib/use-own-open-id';
import '../board.css';

/**
 * /stick/wwear/{openId} (我的 / 某人的帖子): one person's posts in this community; one's own also
 * shows what is held or removed, with why. /stick/wwear alone is one's own.
 */
export function PersonPage() {
  const own = useOwnOpenId();
  const openId = useParams().openId ?? own ?? '';
  const mine = openId !== '' && openId === own;
  const { poiId, settled } = useCurrentCommunityId();
  const posts = usePersonPosts(poiId, openId);
  const rules = useBoardRules(mine ? poiId : null);
  const author = posts.data?.pages[0]?.author;
  const title = mine ? '我的帖子' : author ? `${author.username}的帖子` : '邻居的帖子';
  useDocumentTitle(title);

  return (
    <main className="bd-page">
      <PageHeader heading title={title} />
      {author && (
        <section className="bd-person">
          <Avatar author={author} size={56} />
          <p className="bd-person-name">
            {author.username}
            {author.staff && <span className="bd-tag bd-tag-staff">工作人员</span>}
          </p>
        </section>
      )}
      {settled && !poiId ? (
        <NoCommunity />
      ) : (
        <div className="bd-page-list">
          <PostList
            query={posts}
            empty={
              <NoPosts title={mine ? '您还没有发过帖子' : 'TA还没有发过帖子'}>
                {mine && rules.data?.canPost && <Link to={boardLinks.publish()}>去发第一条</Link>}
              </NoPosts>
            }
          />
        </div>
      )}
    </main>
  );
}
