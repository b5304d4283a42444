import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Toast from 'antd-mobile/es/components/toast';
import { DownlandOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { communityQuery } from '../../../lib/community-queries';
import { useStaff } from '../api/staff';
import { GatePoster } from '../components/gate-poster';
import { GateRulesCard } from '../components/gate-rules-card';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import { GATE_LABEL, gateUrl, posterFileName, type GateDirection } from '../lib/gate-url';
import { drawPoster, saveBlob } from '../lib/poster-png';
import { qrMatrix, qrSvgUrl } from '../lib/qr-matrix';
import '../components/manage-ui.css';
import './community-gate-page.css';

const DIRECTIONS: GateDirection[] = [1, 2];

/** 所在地区 without repeating a city that is also its province (北京市北京市朝阳区). */
function regionOf(c: Community): string {
  return [...new Set([c.pname, c.cityname, c.adname].filter(Boolean))].join('');
}

/**
 * 小区信息 (spec §2 /areamsg): the community's details and its two gate QR codes, each to save as
 * a picture or print as an A4 poster for the entrance (the browser's own print menu prints both).
 */
export function CommunityGatePage() {
  useDocumentTitle('小区信息');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const staff = useStaff(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  // The poster 打印海报 prints; null: the browser's own print menu, which prints both.
  const [printing, setPrinting] = useState<GateDirection | null>(null);
  useEffect(() => {
    const printed = () => setPrinting(null);
    window.addEventListener('afterprint', printed);
    return () => window.removeEventListener('afterprint', printed);
  }, []);

  const codes = useMemo(
    () =>
      DIRECTIONS.map((direction) => {
        const url = gateUrl(window.location.origin, poiId, direction);
        const matrix = qrMatrix(url);
        return { direction, url, matrix, src: qrSvgUrl(matrix) };
      }),
    [poiId],
  );

  const info = community.data;
  const name = info?.community ?? '';
  const address = info ? `${regionOf(info)}${info.address}` : '';

  const download = async (direction: GateDirection) => {
    const code = codes.find((c) => c.direction === direction)!;
    try {
      saveBlob(await drawPoster({ community: name, address, direction, matrix: code.matrix }), posterFileName(name, direction));
    } catch {
      Toast.show({ content: '图片生成失败，请长按二维码保存' });
    }
  };

  const print = (direction: GateDirection) => {
    // The poster must be in the page before the print dialog takes its snapshot.
    flushSync(() => setPrinting(direction));
    window.print();
  };

  let body: ReactNode;
  if (!poiId) body = <MissingCommunity />;
  else if (staff.error) body = <LoadFailure error={staff.error} onRetry={() => void staff.refetch()} />;
  else if (community.error) body = <LoadFailure error={community.error} onRetry={() => void community.refetch()} />;
  else {
    body = (
      <>
        <section className="mg-card" aria-label="小区信息">
          <h2 className="cg-name">{name || '\u00a0'}</h2>
          <dl className="cg-rows">
            <div>
              <dt>所在地区</dt>
              <dd>{info ? regionOf(info) : ''}</dd>
            </div>
            <div>
              <dt>详细地址</dt>
              <dd>{info?.address}</dd>
            </div>
            {info?.streetName && (
              <div>
                <dt>所属街道</dt>
                <dd>{info.streetName}</dd>
              </div>
            )}
            <div>
              <dt>小区编号</dt>
              <dd className="mg-num">{poiId}</dd>
            </div>
          </dl>
        </section>
        <p className="cg-hint">将二维码打印后张贴在小区出入口：居民扫“进门”码进入，扫“出门”码离开，执勤者查看其通行证。</p>
        <div className="cg-codes">
          {codes.map(({ direction, url, src }) => (
            <section key={direction} className={`mg-card cg-code cg-code-${direction}`} aria-label={GATE_LABEL[direction].file}>
              <h2 className="cg-code-title">
                <span className="cg-code-badge">{GATE_LABEL[direction].short}</span>
                {GATE_LABEL[direction].file}
              </h2>
              <img className="cg-qr" src={src} alt={`${name}${GATE_LABEL[direction].file}`} data-value={url} width={200} height={200} />
              <p className="cg-action">{GATE_LABEL[direction].action}</p>
              <div className="cg-buttons">
                <button type="button" className="cg-button" disabled={!info} onClick={() => void download(direction)}>
                  <DownlandOutline aria-hidden="true" /> 下载图片
                </button>
                <button type="button" className="cg-button cg-button-primary" disabled={!info} onClick={() => print(direction)}>
                  打印海报
                </button>
              </div>
            </section>
          ))}
        </div>
        <p className="cg-hint">在微信中无法下载时，可长按二维码图片保存。</p>
        {/* isAdmin: 1 administrator, 2 manager, 0 duty staff (spec). */}
        <GateRulesCard poiId={poiId} canEdit={staff.data !== undefined && staff.data.isAdmin !== 0} />
        {info &&
          codes.map(({ direction, src }) => (
            <GatePoster key={direction} community={name} address={address} direction={direction} qrSrc={src} active={printing === null || printing === direction} />
          ))}
      </>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader title="小区信息" fallback={centreOf(poiId)} overlap />
      {body}
    </main>
  );
}
