import Button from 'antd-mobile/es/components/button';
import { Link, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-error';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ManageHeader } from '../../manage';
import { useAlbums } from '../api/albums';
import { AlbumView } from '../components/album-view';
import '../../../components/life-card.css';
import '../albums.css';

const OFFSET_MS = 8 * 3600_000;
/** 11月28日 of unix seconds, Beijing time. */
const dayOf = (seconds: number) => {
  const d = new Date(seconds * 1000 + OFFSET_MS);
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
};

/** /albums (社区相册): the community's albums, one per event with photos; ?event= one album. */
export function AlbumsPage() {
  useDocumentTitle('社区相册');
  const [params] = useSearchParams();
  const eventId = params.get('event');
  const { poiId, settled } = useCurrentCommunityId();
  const albums = useAlbums(eventId ? null : poiId);

  let body;
  if (eventId) body = <AlbumView id={eventId} />;
  else if (settled && !poiId) body = <EmptyState title="请先选择社区">在首页选择您所在的社区后即可查看相册</EmptyState>;
  else if (albums.error && !albums.data)
    body = (
      <section className="sp-card" role="alert">
        <p className="sp-refusal">{albums.error instanceof ApiError ? albums.error.message : '网络不可用，请稍后重试'}</p>
      </section>
    );
  else if (!albums.data) body = <p className="sp-muted sp-pad" role="status">正在加载…</p>;
  else {
    const all = albums.data.pages.flatMap((p) => p.albums);
    body =
      all.length === 0 ? (
        <EmptyState title="还没有相册">活动开始后上传的照片会按活动整理在这里</EmptyState>
      ) : (
        <>
          <ul className="al-albums" aria-label="相册">
            {all.map((a) => (
              <li key={a.eventId}>
                <Link className="al-album" to={`${WebRoute.albums}?event=${a.eventId}`}>
                  <img src={a.cover.thumbUrl} alt="" loading="lazy" width={160} height={160} />
                  <span className="al-album-title">{a.title}</span>
                  <span className="sp-muted al-album-meta">
                    {dayOf(a.startsAt)} · {a.count}张
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {albums.hasNextPage && (
            <Button block fill="none" size="large" onClick={() => void albums.fetchNextPage()} loading={albums.isFetchingNextPage}>
              加载更多
            </Button>
          )}
        </>
      );
  }

  return (
    <main className="mg-screen sp-page">
      <ManageHeader title={eventId ? '活动相册' : '社区相册'} fallback={eventId ? WebRoute.albums : WebRoute.home} />
      {body}
    </main>
  );
}
