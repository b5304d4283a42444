import { PagedList } from '../../manage';
import { useModerationActions } from '../api/actions';
import { timeOf } from '../lib/moderation-text';
import './sections.css';

/** 操作记录: every staff action on the board, newest first, 20 at a time on scroll. */
export function ActionsSection({ poiId }: { poiId: string }) {
  const list = useModerationActions(poiId);
  const rows = list.data?.pages.flatMap((p) => p.actions);
  return (
    <PagedList poiId={poiId} pages={list} rows={rows} failed={Boolean(list.error && !list.data)} label="邻里圈管理操作记录" empty={{ title: '暂无操作记录' }}>
      {(a) => (
        <li key={`${a.createdAt}-${a.action}-${a.target ?? ''}-${a.by}`} className="mg-row">
          <div className="mg-row-head">
            <span className="mg-row-name">{a.label}</span>
            <time className="mg-row-aside">{timeOf(a.createdAt)}</time>
          </div>
          <p className="bm-line">操作人：{a.by}</p>
          {a.target && <p className="bm-line bm-clamp">对象：{a.target}</p>}
          {a.reason && <p className="bm-line">原因：{a.reason}</p>}
        </li>
      )}
    </PagedList>
  );
}
