import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { priceText } from '@sq/contract/money';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useRedbags, useStartRedbag } from '../api/redbag-queries';
import { LoginFirst, RedbagFrame, redbagLinks, Refusal } from '../components/redbag-parts';
import { OpenPacket } from '../components/open-packet';
import '../redbags.css';

const when = (s: number) => beijingDateTime(new Date(s * 1000));

/** /redbag: the red-packet campaigns of shops serving my community and my packets; ?id= opens a shared packet. */
export function RedbagPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(id ? '拆红包' : '红包');
  const token = useStoredValue(StorageKey.token);
  const { poiId, settled } = useCurrentCommunityId();
  const back = `${WebRoute.redbag}${id ? `?id=${encodeURIComponent(id)}` : ''}`;
  const rules = (
    <Link className="rb-link" to={WebRoute.redbagRules}>
      玩法
    </Link>
  );
  return (
    <RedbagFrame title={id ? '拆红包' : '红包'} right={rules}>
      {!token ? (
        <LoginFirst what={id ? '拆开邻居分享的红包' : '查看本社区的红包活动'} back={back} />
      ) : settled && !poiId ? (
        <Refusal message="请先选择您所在的社区">
          <Link className="rb-link" to={WebRoute.communityChooser}>
            选择社区
          </Link>
        </Refusal>
      ) : !poiId ? (
        <p className="rb-muted" role="status">正在加载…</p>
      ) : id ? (
        <OpenPacket id={id} poiId={poiId} />
      ) : (
        <Campaigns poiId={poiId} />
      )}
    </RedbagFrame>
  );
}

function Campaigns({ poiId }: { poiId: string }) {
  const list = useRedbags(poiId, true);
  const start = useStartRedbag();
  const navigate = useNavigate();
  // Taken when the page opens: a campaign about to start says 未开始 until the list is read again.
  const [openedAt] = useState(() => Date.now());
  if (list.error) return <Refusal message={list.error.message} />;
  if (!list.data) return <p className="rb-muted" role="status">正在加载…</p>;
  const begin = (campaignId: string) =>
    start.mutate({ campaignId, poiId }, { onSuccess: (share) => navigate(redbagLinks.share(share.redbagId)) });
  return (
    <>
      <section className="rb-card" aria-labelledby="rb-offered">
        <h2 className="rb-card-title" id="rb-offered">
          周边商家的红包
        </h2>
        {list.data.campaigns.length === 0 ? (
          <EmptyState title="本社区暂时没有红包活动" />
        ) : (
          <ul className="rb-list">
            {list.data.campaigns.map((c) => (
              <li className="rb-row" key={c.id}>
                <div className="rb-row-main">
                  <p className="rb-row-title">{c.title}</p>
                  <p className="rb-muted">
                    {c.merchant.name} · 每个红包{priceText(c.packetFen)}，拆{c.shares}份 · {c.thresholdFen > 0 ? `满${priceText(c.thresholdFen)}可用` : '无门槛'}
                  </p>
                  <p className="rb-muted">
                    {when(c.startsAt)} 至 {when(c.endsAt)} · 还剩{c.left}个
                  </p>
                </div>
                {c.mine ? (
                  <Button shape="rounded" color="primary" fill="outline" onClick={() => navigate(redbagLinks.share(c.mine!))}>
                    分享
                  </Button>
                ) : (
                  <Button shape="rounded" color="danger" disabled={c.left === 0 || c.startsAt * 1000 > openedAt} loading={start.isPending && start.variables?.campaignId === c.id} onClick={() => begin(c.id)}>
                    {c.left === 0 ? '已发完' : c.startsAt * 1000 > openedAt ? '未开始' : '领红包'}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {start.error && (
          <p className="rb-refusal" role="alert">
            {start.error.message}
          </p>
        )}
      </section>
      <section className="rb-card" aria-labelledby="rb-mine">
        <h2 className="rb-card-title" id="rb-mine">
          我的红包
        </h2>
        {list.data.mine.length === 0 ? (
          <p className="rb-muted">领了红包后，第一份就是您的；再分享给邻居，每人可拆一份。</p>
        ) : (
          <ul className="rb-list">
            {list.data.mine.map((m) => (
              <li className="rb-row" key={m.id}>
                <div className="rb-row-main">
                  <p className="rb-row-title">{m.title}</p>
                  <p className="rb-muted">
                    {m.merchantName} · 已领{m.opened}/{m.shares}份
                  </p>
                </div>
                <Link className="rb-link" to={redbagLinks.share(m.id)}>
                  查看
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
