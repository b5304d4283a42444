import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { ApiError } from '../../../lib/api-error';

/**
 * Why a list or an event cannot be shown: the server's own words (not joined, not found), the way
 * to the community chooser for people of another community, or 重试 when the network failed.
 */
export function EventsRefusal({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const answered = error instanceof ApiError;
  return (
    <section className="ev-refusal" role="alert">
      <p className="ev-refusal-text">{answered ? error.message : '网络不太好，没能打开社区活动'}</p>
      {answered && error.code === 403 ? (
        <Link className="ev-button" to={WebRoute.communityChooser}>
          选择或加入我的小区
        </Link>
      ) : (
        !answered && (
          <button type="button" className="ev-button" onClick={onRetry}>
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
    <section className="ev-refusal" role="alert">
      <p className="ev-refusal-text">请先选择您所在的小区，再看社区活动</p>
      <Link className="ev-button" to={WebRoute.communityChooser}>
        选择小区
      </Link>
    </section>
  );
}
