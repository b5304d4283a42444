import { useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Swiper from 'antd-mobile/es/components/swiper';
import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDistance } from '@sq/contract/map/geo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { placeQuery } from '../../../lib/map-queries';
import { PlaceActions } from '../components/place-actions';
import './place-detail-page.css';

/** /adetail?title&id&disc: a nearby place with its photos (and their count). */
export function PlaceDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const title = params.get('title') || '地点详情';
  useDocumentTitle(title);
  const place = useQuery({ ...placeQuery(id), enabled: Boolean(id) });
  const [index, setIndex] = useState(0);
  const disc = params.get('disc');
  const distance = disc !== null && disc !== '' && Number.isFinite(Number(disc)) ? formatDistance(Number(disc)) : '';
  const p = place.data;

  return (
    <main className="sq-adetail">
      <PageHeader title={title} />
      {place.isPending && id ? (
        <div className="sq-adetail-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      ) : !p ? (
        <EmptyState title="暂无数据~">没有找到这个地点</EmptyState>
      ) : (
        <>
          {p.photos.length > 0 ? (
            <div className="sq-adetail-photos">
              <Swiper onIndexChange={setIndex} indicator={() => null}>
                {p.photos.map((photo) => (
                  <Swiper.Item key={photo.url}>
                    <img className="sq-adetail-photo" src={photo.url} alt={photo.title || p.name} />
                  </Swiper.Item>
                ))}
              </Swiper>
              <span className="sq-adetail-count" aria-label={`共${p.photos.length}张照片`}>
                {index + 1}/{p.photos.length}
              </span>
            </div>
          ) : (
            <div className="sq-adetail-nophoto">暂无照片</div>
          )}
          <section className="sq-adetail-card">
            <div className="sq-adetail-head">
              <h1 className="sq-adetail-name">{p.name}</h1>
              {distance && <span className="sq-adetail-distance">{distance}</span>}
            </div>
            <p className="sq-adetail-photocount">共 {p.photos.length} 张照片</p>
            <p className="sq-adetail-line">
              <EnvironmentOutline aria-hidden="true" />
              {[p.cityname, p.adname, p.address].filter(Boolean).join('') || '暂无地址'}
            </p>
            <p className="sq-adetail-line">
              <PhoneFill aria-hidden="true" />
              {p.tel || '暂无电话'}
            </p>
            <PlaceActions place={p} />
          </section>
        </>
      )}
    </main>
  );
}
