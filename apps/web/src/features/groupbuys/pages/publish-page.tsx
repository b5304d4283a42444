import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Selector from 'antd-mobile/es/components/selector';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { publishGroupBuyCall } from '@sq/contract/groupbuys/calls';
import { GROUP_BUY_PHOTOS_MAX, GROUP_BUY_ITEMS_MAX } from '@sq/contract/groupbuys/group-buy-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import type { ApiInput } from '../../../lib/api-request';
import { uploadImage } from '../../../lib/upload-image';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupBuyKeys, useMySellers } from '../api/group-buy-queries';
import { formOf, localOf, type ItemDraft, type PublishDraft } from '../lib/publish-form';
import '../../../components/group-buy.css';

const HOUR = 3_600_000;
const emptyItem = (): ItemDraft => ({ name: '', spec: '', price: '', stock: '', photo: null });

/** A fresh form: on sale from now for two days, pickup the day after. */
function freshDraft(pickupPoint: string): PublishDraft {
  const now = Date.now();
  return {
    title: '',
    intro: '',
    photos: [],
    items: [emptyItem()],
    perPersonLimit: '5',
    minOrders: '3',
    opensAt: localOf(new Date(now)),
    closesAt: localOf(new Date(now + 48 * HOUR)),
    pickupPoint: pickupPoint,
    pickupFrom: localOf(new Date(now + 60 * HOUR)),
    pickupUntil: localOf(new Date(now + 84 * HOUR)),
    commission: '10',
  };
}

/** /groupbuypush?leader= or ?shop=: publish a group buy as an approved 团长 or as a shop's owner. */
export function PublishPage() {
  useDocumentTitle('发布团购');
  const [params] = useSearchParams();
  const sellers = useMySellers();
  const leaders = sellers.data?.leaders ?? [];
  const shops = sellers.data?.shops ?? [];
  const options = [
    ...leaders.map((l) => ({ label: `团长：${l.displayName}（${l.community}）`, value: `leader:${l.id}` })),
    ...shops.map((s) => ({ label: `店铺：${s.name}`, value: `shop:${s.id}` })),
  ];
  const wanted = params.get('leader') ? `leader:${params.get('leader')}` : params.get('shop') ? `shop:${params.get('shop')}` : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const seller = chosen ?? (options.some((o) => o.value === wanted) ? wanted : (options[0]?.value ?? null));
  return (
    <main className="gb-page">
      <PageHeader title="发布团购" heading />
      {sellers.isPending ? (
        <DotLoading color="primary" />
      ) : sellers.isError ? (
        <EmptyState title="无法发布">{sellers.error.message}</EmptyState>
      ) : options.length === 0 ? (
        <EmptyState title="暂不能发布">成为审核通过的团长，或店铺通过社区审核后，才能发布团购。请先到团长中心申请。</EmptyState>
      ) : (
        <>
          {options.length > 1 && (
            <section className="gb-box">
              <p className="gb-label">以什么身份发布</p>
              <Selector columns={1} value={seller ? [seller] : []} onChange={(v) => setChosen(v[0] ?? null)} options={options} />
            </section>
          )}
          {seller && <PublishForm key={seller} seller={seller} leaders={leaders} shops={shops} />}
        </>
      )}
    </main>
  );
}

type Sellers = NonNullable<ReturnType<typeof useMySellers>['data']>;

function PublishForm({ seller, leaders, shops }: { seller: string; leaders: Sellers['leaders']; shops: Sellers['shops'] }) {
  const [kind, id] = seller.split(':') as ['leader' | 'shop', string];
  const leader = leaders.find((l) => l.id === id);
  const shop = shops.find((s) => s.id === id);
  const communities = leader ? [{ poiId: leader.poiId, name: leader.community }] : (shop?.communities ?? []);
  const [poiId, setPoiId] = useState(communities[0]?.poiId ?? '');
  const [d, setD] = useState<PublishDraft>(() => freshDraft(leader?.pickupPoint ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const set = (k: keyof PublishDraft) => (e: { target: { value: string } }) => setD((x) => ({ ...x, [k]: e.target.value }));
  const setItem = (n: number, k: keyof ItemDraft, v: string | null) => setD((x) => ({ ...x, items: x.items.map((i, j) => (j === n ? { ...i, [k]: v } : i)) }));
  const upload = async (file: File | undefined) => (file ? (await uploadImage(poiId, file, () => {}, undefined, kind === 'shop' ? 'merchant' : 'board')).hash : null);

  const submit = async () => {
    const got = formOf(d);
    if ('problem' in got) return setProblem(got.problem);
    setBusy(true);
    setProblem(null);
    try {
      const body = { ...got.form, poiId, ...(kind === 'leader' ? { leaderId: id } : { merchantId: id }) } as ApiInput<typeof publishGroupBuyCall>;
      const res = await callApi(publishGroupBuyCall, body, { silent: true });
      void qc.invalidateQueries({ queryKey: groupBuyKeys.all });
      await navigate(`${WebRoute.groupBuys}?id=${res.groupBuy.id}`);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="gb-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      {communities.length > 1 && (
        <section className="gb-box">
          <p className="gb-label">在哪个社区发布</p>
          <Selector columns={1} value={[poiId]} onChange={(v) => v[0] && setPoiId(v[0])} options={communities.map((c) => ({ label: c.name, value: c.poiId }))} />
        </section>
      )}
      <section className="gb-box">
        <label className="gb-label">
          团购标题
          <input className="gb-input" name="title" value={d.title} onChange={set('title')} placeholder="如：阳山水蜜桃 产地直发" />
        </label>
        <label className="gb-label">
          团购介绍
          <textarea className="gb-input" name="intro" rows={3} value={d.intro} onChange={set('intro')} />
        </label>
        <label className="gb-label">
          团购图片（最多{GROUP_BUY_PHOTOS_MAX}张）
          <input
            className="gb-file"
            type="file"
            accept="image/*"
            name="photos"
            onChange={(e) => {
              const file = e.target.files?.[0];
              void upload(file)
                .then((h) => h && setD((x) => ({ ...x, photos: [...x.photos, h].slice(0, GROUP_BUY_PHOTOS_MAX) })))
                .catch((err: Error) => setProblem(err.message));
            }}
          />
        </label>
        {d.photos.length > 0 && <p className="gb-hint">已上传 {d.photos.length} 张</p>}
      </section>
      <section className="gb-box" aria-label="商品">
        <h3 className="gb-section-title">商品</h3>
        {d.items.map((i, n) => (
          <fieldset className="gb-item-form" key={n} data-testid="item-form">
            <legend>商品 {n + 1}</legend>
            <label className="gb-label">
              名称
              <input className="gb-input" name={`item-name-${n}`} value={i.name} onChange={(e) => setItem(n, 'name', e.target.value)} />
            </label>
            <label className="gb-label">
              规格
              <input className="gb-input" name={`item-spec-${n}`} value={i.spec} onChange={(e) => setItem(n, 'spec', e.target.value)} placeholder="如：5斤装" />
            </label>
            <label className="gb-label">
              价格（元）
              <input className="gb-input" name={`item-price-${n}`} inputMode="decimal" value={i.price} onChange={(e) => setItem(n, 'price', e.target.value)} placeholder="如：39.9" />
            </label>
            <label className="gb-label">
              库存（件）
              <input className="gb-input" name={`item-stock-${n}`} inputMode="numeric" value={i.stock} onChange={(e) => setItem(n, 'stock', e.target.value)} />
            </label>
            <label className="gb-label">
              商品图片（选填）
              <input
                className="gb-file"
                type="file"
                accept="image/*"
                onChange={(e) =>
                  void upload(e.target.files?.[0])
                    .then((h) => setItem(n, 'photo', h))
                    .catch((err: Error) => setProblem(err.message))
                }
              />
            </label>
            {d.items.length > 1 && (
              <Button size="small" fill="none" color="danger" onClick={() => setD((x) => ({ ...x, items: x.items.filter((_, j) => j !== n) }))}>
                删除该商品
              </Button>
            )}
          </fieldset>
        ))}
        {d.items.length < GROUP_BUY_ITEMS_MAX && (
          <Button block fill="outline" onClick={() => setD((x) => ({ ...x, items: [...x.items, emptyItem()] }))}>
            ＋ 添加商品
          </Button>
        )}
      </section>
      <section className="gb-box">
        <label className="gb-label">
          每人限购（件）
          <input className="gb-input" name="perPersonLimit" inputMode="numeric" value={d.perPersonLimit} onChange={set('perPersonLimit')} />
        </label>
        <label className="gb-label">
          成团人数（截单时不足将自动退款）
          <input className="gb-input" name="minOrders" inputMode="numeric" value={d.minOrders} onChange={set('minOrders')} />
        </label>
        <label className="gb-label">
          开团时间
          <input className="gb-input" name="opensAt" type="datetime-local" value={d.opensAt} onChange={set('opensAt')} />
        </label>
        <label className="gb-label">
          截单时间
          <input className="gb-input" name="closesAt" type="datetime-local" value={d.closesAt} onChange={set('closesAt')} />
        </label>
        <label className="gb-label">
          自提地点
          <input className="gb-input" name="pickupPoint" value={d.pickupPoint} onChange={set('pickupPoint')} />
        </label>
        <label className="gb-label">
          自提开始
          <input className="gb-input" name="pickupFrom" type="datetime-local" value={d.pickupFrom} onChange={set('pickupFrom')} />
        </label>
        <label className="gb-label">
          自提结束
          <input className="gb-input" name="pickupUntil" type="datetime-local" value={d.pickupUntil} onChange={set('pickupUntil')} />
        </label>
        <label className="gb-label">
          团长佣金（%，0–50）
          <input className="gb-input" name="commission" inputMode="decimal" value={d.commission} onChange={set('commission')} />
        </label>
      </section>
      {problem && (
        <p className="gb-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="gb-box">
        <Button block color="primary" size="large" type="submit" loading={busy}>
          发布团购
        </Button>
      </div>
    </form>
  );
}
