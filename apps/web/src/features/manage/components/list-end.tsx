import DotLoading from 'antd-mobile/es/components/dot-loading';
import { END_OF_LIST } from '../lib/paging';
import './manage-ui.css';

/** InfiniteScroll's footer: loading, a retry after a failed page, or the spec's end line. */
export function listEnd(hasMore: boolean, failed: boolean, retry: () => void) {
  if (failed) {
    return (
      <button type="button" className="mg-list-end mg-list-retry" onClick={retry}>
        加载失败，点击重试
      </button>
    );
  }
  return <p className="mg-list-end">{hasMore ? <DotLoading color="primary" /> : END_OF_LIST}</p>;
}
