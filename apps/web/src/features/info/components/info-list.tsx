import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Info } from '@sq/contract/info/info-entry';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { infosQuery, type InfoScope } from '../api/info-queries';
import { InfoCard } from './info-card';
import { TypeTag } from './type-tag';
import './info-list.css';

/** Spec §2: the empty state shows 物业, 居委会 and 其他 as still to be added. */
const PENDING_TYPES = [
  { typeId: 1, name: '物业' },
  { typeId: 2, name: '居委会' },
  { typeId: 6, name: '其他' },
];

/** A community's or street's contact entries, loaded page by page as the user scrolls. */
export function InfoList({ scope, onCorrect, onAdd }: { scope: InfoScope; onCorrect: (info: Info) => void; onAdd: (typeId?: number) => void }) {
  const query = useInfiniteQuery(infosQuery(scope));

  if (query.isPending) {
    return (
      <div className="sq-info-loading" role="status" aria-label="加载中">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState title="加载失败">
        <p>请检查网络后重试</p>
        <Button size="small" onClick={() => void query.refetch()}>
          重新加载
        </Button>
      </EmptyState>
    );
  }

  const infos = query.data.pages.flatMap((p) => p.infos);
  if (infos.length === 0) {
    return (
      <section className="sq-info-empty">
        <EmptyState>还没有人补充这里的联系方式，来添加第一条吧</EmptyState>
        <ul className="sq-info-pending" aria-label="待补充">
          {PENDING_TYPES.map((t) => (
            <li key={t.typeId} className="sq-info-pending-row">
              <TypeTag typeId={t.typeId} name={t.name} pending />
              <span className="sq-info-pending-text">待补充</span>
              <button type="button" className="sq-info-pending-add" onClick={() => onAdd(t.typeId)}>
                去补充
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section aria-label="联系信息">
      {infos.map((info) => (
        <InfoCard key={info._id} info={info} onCorrect={() => onCorrect(info)} />
      ))}
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </section>
  );
}
