import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDistance, type LngLat } from '@sq/contract/map/geo';
import { listPlacesCall } from '@sq/contract/map/list-places';
import { listServicePlacesCall } from '@sq/contract/map/list-service-places';
import { MAP_PAGE_SIZE } from '@sq/contract/map/map-item';
import { isPlaceType, PLACE_TYPES } from '@sq/contract/map/place-types';
import { isServiceCategory, SERVICE_CATEGORIES } from '@sq/contract/map/service-categories';
import { WebRoute } from '@sq/contract/routes';
import { callApi } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCommunity } from '../../../lib/community-queries';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { storedLocation } from '../../../lib/locate';
import { PlaceActions } from '../components/place-actions';
import './nearby-page.css';
import { MerchantsBanner } from '../../merchants';

const num = (v: string | null) => (v !== null && v !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * Nearby list (/around?type=5…11): 20 a page nearest first; a short page is the end (spec §9).
 * The 社区服务 grid's ten categories use the same list (/around?service=…).
 */
export function NearbyPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type = Number(params.get('type'));
  const service = params.get('service');
  const isService = isServiceCategory(service);
  const known = isPlaceType(type) || isService;
  const title = isService ? SERVICE_CATEGORIES[service].title : isPlaceType(type) ? PLACE_TYPES[type].title : '周边';
  useDocumentTitle(title);
  const lng = num(params.get('lng'));
  const lat = num(params.get('lat'));
  // The link's point, else where the phone was last located, else the person's community (a link
  // to /around?type=… shared without a point, or opened before any location was allowed).
  const current = useCurrentCommunityId();
  const fallback = lng !== null && lat !== null ? null : storedLocation();
  const community = useCommunity(lng !== null && lat !== null ? null : fallback ? null : current.poiId);
  const at: LngLat | null =
    lng !== null && lat !== null ? { lng, lat } : (fallback ?? (community.data ? { lng: community.data.lng, lat: community.data.lat } : null));
  const locating = !at && (!current.settled || community.isLoading);

  const places = useInfiniteQuery({
    queryKey: ['places', isService ? service : type, at?.lng, at?.lat],
    enabled: known && Boolean(at),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      isService
        ? callApi(listServicePlacesCall, { category: service, lng: at!.lng, lat: at!.lat, page: pageParam }, { signal })
        : callApi(listPlacesCall, { type, lng: at!.lng, lat: at!.lat, page: pageParam }, { signal }),
    getNextPageParam: (last, pages) => (last.places.length < MAP_PAGE_SIZE ? undefined : pages.length + 1),
  });

  const list = places.data?.pages.flatMap((p) => p.places) ?? [];

  return (
    <main className="sq-around">
      <PageHeader title={title} heading />
      {isService && <MerchantsBanner category={service} />}
      {known && locating ? (
        <div className="sq-around-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      ) : !known || !at ? (
        <EmptyState title="暂无数据~">{known ? '请先在首页选择社区' : '没有这个分类'}</EmptyState>
      ) : places.isPending ? (
        <div className="sq-around-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      ) : places.isError ? (
        <ErrorBlock status="default" title="加载失败" description="请检查网络后重试">
          <Button size="small" onClick={() => void places.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : list.length === 0 ? (
        <EmptyState title="暂无数据~">附近没有找到相关地点</EmptyState>
      ) : (
        <section aria-label={title}>
          {list.map((p) => {
            const distance = p.distance !== null ? formatDistance(p.distance) : '';
            const detail = `${WebRoute.placeDetail}?${new URLSearchParams({ title: p.name, id: p.id, disc: String(p.distance ?? '') })}`;
            return (
              <article key={p.id} className="sq-around-item" aria-label={p.name} onClick={() => navigate(detail)}>
                {p.photos[0] ? <img className="sq-around-photo" src={p.photos[0].url} alt="" loading="lazy" /> : <span className="sq-around-photo sq-around-photo-none" />}
                <div className="sq-around-body">
                  <div className="sq-around-head">
                    <h3 className="sq-around-name">{p.name}</h3>
                    <span className="sq-around-distance" data-testid="distance">
                      {distance}
                    </span>
                  </div>
                  <p className="sq-around-address">{p.address || '暂无地址'}</p>
                  <PlaceActions place={p} />
                </div>
              </article>
            );
          })}
          <InfiniteScroll loadMore={async () => void (await places.fetchNextPage())} hasMore={places.hasNextPage}>
            {places.hasNextPage ? <DotLoading color="primary" /> : <span className="sq-around-end">我已经到底了...</span>}
          </InfiniteScroll>
        </section>
      )}
    </main>
  );
}
