import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { ApiError } from '../../../lib/api-error';

/**
 * Why the board cannot be shown: the server's own words (not joined this community, a post
 * deleted), a way to the community chooser for people of another community, or a retry offline.
 */
export function BoardRefusal({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const answered = error instanceof ApiError;
  const stranger = answered && error.code === 403;
  return (
    <section className="bd-refusal" role="alert">
      <p className="bd-refusal-text">{answered ? error.message : '网络不太好，没能打开邻里圈'}</p>
      {stranger ? (
        <Link className="bd-refusal-action" to={WebRoute.communityChooser}>
          选择或加入我的小区
        </Link>
      ) : (
        !answered && (
          <button type="button" className="bd-refusal-action" onClick={onRetry}>
            重试
          </button>
        )
      )}
    </section>
  );
}

/** No community chosen yet (a new phone, several homes): the chooser first. */
export function NoCommunity() {
  return (
    <section className="bd-refusal" role="alert">
      <p className="bd-refusal-text">请先选择您所在的小区，再看邻里圈</p>
      <Link className="bd-refusal-action" to={WebRoute.communityChooser}>
        选择小区
      </Link>
    </section>
  );
}
