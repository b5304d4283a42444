import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Selector from 'antd-mobile/es/components/selector';
import Tabs from 'antd-mobile/es/components/tabs';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import { getShopStatsCall, listRedemptionsCall, listShopBatchesCall, publishBatchCall, stopBatchCall } from '@sq/contract/coupons/calls';
import { COUPON_KINDS, COUPON_KIND_NAMES, COUPON_TITLE_MAX_CHARS } from '@sq/contract/coupons/coupon-rules';
import { BATCH_LEVEL_CHOICES } from '@sq/contract/coupons/coupons';
import { levelName } from '@sq/contract/levels/level-rules';
import { getMyShopCall } from '@sq/contract/merchants/calls';
import { MERCHANT_ROLE_NAMES } from '@sq/contract/merchants/merchant-rules';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { callApi } from '../../../lib/api-client';
import { postDownload } from '../../../lib/form-download';
import { currentToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyShops } from '../api/coupon-queries';
import { batchBody, emptyDraft, type BatchDraft } from '../lib/batch-form';
import './coupons.css';

type Tab = 'batches' | 'publish' | 'stats' | 'redemptions';
const nextOf = (last: { next: string | null }) => last.next ?? undefined;
const day = (unix: number) => beijingDate(new Date(unix * 1000));

/**
 * 优惠券管理 (/couponmanage?shop=, not in the spec): a shop's batches with what was claimed and
 * used, publishing (the owner), the dashboard per day and per batch, and the redemptions with
 * their .xlsx. Clerks see everything here but do not publish or stop.
 */
export function CouponManagePage() {
  useDocumentTitle('优惠券管理');
  const [params, setParams] = useSearchParams();
  const shops = useMyShops();
  const list = shops.data?.shops ?? [];
  const chosen = params.get('shop');
  // A shop named in the link while the list is not there (no answer): shown; the server refuses what the caller may not do.
  const shop = chosen ? (list.find((s) => s.id === chosen) ?? (shops.isError ? { id: chosen, name: '', role: 'owner' as const } : undefined)) : list.length === 1 ? list[0] : undefined;
  const tab = (params.get('tab') as Tab | null) ?? 'batches';
  const owner = shop?.role === 'owner';
  const setTab = (t: string) =>
    setParams((p) => {
      p.set('tab', t);
      return p;
    }, { replace: true });
  return (
    <main className="cp-page">
      <PageHeader title={shop?.name ? `${shop.name} · 优惠券` : '优惠券管理'} heading />
      {shops.isError && !shop && <p className="cp-problem">{shops.error.message}</p>}
      {shops.isSuccess && !shop && (
        <section className="cp-box">
          {list.length === 0 ? (
            <p>您还不是任何店铺的店主或店员</p>
          ) : (
            <>
              <p>请选择店铺</p>
              <Selector columns={1} value={[]} onChange={(v) => v[0] && setParams({ shop: v[0] })} options={list.map((s) => ({ label: `${s.name}（${MERCHANT_ROLE_NAMES[s.role]}）`, value: s.id }))} />
            </>
          )}
        </section>
      )}
      {shop && (
        <>
          <Tabs activeKey={tab} onChange={setTab}>
            <Tabs.Tab key="batches" title="活动" />
            {owner && <Tabs.Tab key="publish" title="发券" />}
            <Tabs.Tab key="stats" title="数据" />
            <Tabs.Tab key="redemptions" title="核销记录" />
          </Tabs>
          {tab === 'batches' && <Batches shopId={shop.id} owner={owner} />}
          {tab === 'publish' && owner && <Publish shopId={shop.id} onDone={() => setTab('batches')} />}
          {tab === 'stats' && <Stats shopId={shop.id} />}
          {tab === 'redemptions' && <Redemptions shopId={shop.id} />}
        </>
      )}
    </main>
  );
}

function Batches({ shopId, owner }: { shopId: string; owner: boolean }) {
  const qc = useQueryClient();
  const batches = useInfiniteQuery({
    queryKey: ['coupons', 'shop', shopId, 'batches'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listShopBatchesCall, { id: shopId, cursor: pageParam }, { signal }),
    getNextPageParam: nextOf,
  });
  const rows = batches.data?.pages.flatMap((p) => p.batches) ?? [];
  const stop = async (batchId: string, title: string) => {
    if (!(await Dialog.confirm({ content: `停止发放「${title}」？已领取的券在有效期内仍可使用。`, confirmText: '停止发放', cancelText: '取消' }))) return;
    await callApi(stopBatchCall, { id: shopId, batchId });
    showToast('已停止发放');
    void qc.invalidateQueries({ queryKey: ['coupons', 'shop', shopId] });
  };
  return (
    <section className="cp-list" aria-label="优惠券活动">
      {batches.isError && <p className="cp-problem">{batches.error.message}</p>}
      {batches.isSuccess && rows.length === 0 && <EmptyState title="还没有发布优惠券" />}
      {rows.map((b) => (
        <article key={b.id} className="cp-box" data-testid="shop-batch">
          <h3 className="cp-card-title">
            {b.title} <span className="cp-chip">{b.status === 'stopped' ? '已停止' : COUPON_KIND_NAMES[b.kind]}</span>
          </h3>
          <p className="cp-show-face cp-face-small">{b.face}</p>
          <p>
            共 {b.total} 张 · 已领 {b.claimed} · 已用 {b.used} · 剩余 {b.left}
          </p>
          <p className="cp-muted">
            领取 {day(b.claimStartsAt)} 至 {day(b.claimEndsAt - 1)} · 领后 {b.validDays} 天有效 · 每人 {b.perPerson} 张{b.minLevel > 0 ? ` · ${levelName(b.minLevel)}及以上` : ''}
          </p>
          <p className="cp-muted">发放社区：{b.communities.map((c) => c.name).join('、') || '全部服务社区'}</p>
          {owner && b.status === 'active' && (
            <Button size="small" onClick={() => void stop(b.id, b.title)}>
              停止发放
            </Button>
          )}
        </article>
      ))}
      {rows.length > 0 && <LoadMore hasMore={Boolean(batches.hasNextPage)} loading={batches.isFetchingNextPage} onMore={() => void batches.fetchNextPage()} />}
    </section>
  );
}

const Field = ({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) => (
  <label className="cp-field">
    <span>{label}</span>
    {children}
    {hint && <small className="cp-muted">{hint}</small>}
  </label>
);

function Publish({ shopId, onDone }: { shopId: string; onDone: () => void }) {
  const qc = useQueryClient();
  const [d, setD] = useState<BatchDraft>(() => emptyDraft(beijingDate(new Date())));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The communities the shop may offer it in: those that approved it (the shop centre's own list).
  const shop = useQuery({ queryKey: ['merchants', 'manage', shopId], queryFn: ({ signal }) => callApi(getMyShopCall, { id: shopId }, { signal, silent: true }), retry: false });
  const approved = shop.data?.shop.communities.filter((c) => c.status === 'approved') ?? [];
  const text = (key: keyof BatchDraft) => ({ value: d[key] as string, onChange: (e: { target: { value: string } }) => setD((x) => ({ ...x, [key]: e.target.value })) });
  const submit = async () => {
    const got = batchBody(d);
    if ('error' in got) return setError(got.error);
    setError(null);
    setBusy(true);
    try {
      await callApi(publishBatchCall, { id: shopId, ...got.body }, { silent: true });
      showToast('已发布');
      void qc.invalidateQueries({ queryKey: ['coupons', 'shop', shopId] });
      onDone();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="cp-box cp-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label="优惠券名称">
        <input className="cp-input" name="title" maxLength={COUPON_TITLE_MAX_CHARS} placeholder="如：开业满减券" {...text('title')} />
      </Field>
      <fieldset className="cp-field">
        <legend>类型</legend>
        <Selector columns={3} value={[d.kind]} onChange={(v) => v[0] && setD((x) => ({ ...x, kind: v[0]! }))} options={COUPON_KINDS.map((k) => ({ label: COUPON_KIND_NAMES[k], value: k }))} />
      </fieldset>
      {d.kind === 'cash' && (
        <Field label="优惠金额（元）">
          <input className="cp-input" name="value" inputMode="decimal" placeholder="如：10" {...text('value')} />
        </Field>
      )}
      {d.kind === 'discount' && (
        <Field label="折扣（折）" hint="如 8.8 表示付 88%">
          <input className="cp-input" name="discount" inputMode="decimal" placeholder="如：8.8" {...text('discount')} />
        </Field>
      )}
      {d.kind === 'gift' && (
        <Field label="兑换的商品">
          <input className="cp-input" name="item" placeholder="如：一杯美式" {...text('item')} />
        </Field>
      )}
      <Field label="使用门槛（元，选填）" hint="满多少元可用；不填为无门槛">
        <input className="cp-input" name="threshold" inputMode="decimal" {...text('threshold')} />
      </Field>
      <Field label="发放数量（张）">
        <input className="cp-input" name="total" inputMode="numeric" {...text('total')} />
      </Field>
      <Field label="每人限领（张）">
        <input className="cp-input" name="perPerson" inputMode="numeric" {...text('perPerson')} />
      </Field>
      <Field label="领取开始日期（北京时间）">
        <input className="cp-input" name="claimFrom" type="date" {...text('claimFrom')} />
      </Field>
      <Field label="领取结束日期（北京时间，含当天）">
        <input className="cp-input" name="claimTo" type="date" {...text('claimTo')} />
      </Field>
      <Field label="领取后有效天数">
        <input className="cp-input" name="validDays" inputMode="numeric" {...text('validDays')} />
      </Field>
      <fieldset className="cp-field">
        <legend>会员等级</legend>
        <Selector columns={2} value={[d.minLevel]} onChange={(v) => v[0] !== undefined && setD((x) => ({ ...x, minLevel: v[0]! }))} options={BATCH_LEVEL_CHOICES.map((l) => ({ label: l === 0 ? '不限' : `${levelName(l)}及以上`, value: l }))} />
      </fieldset>
      {approved.length > 1 ? (
        <fieldset className="cp-field">
          <legend>发放社区（不选则为全部）</legend>
          <Selector multiple columns={1} value={d.communities} onChange={(v) => setD((x) => ({ ...x, communities: v }))} options={approved.map((c) => ({ label: c.community, value: c.poiId }))} />
        </fieldset>
      ) : (
        <p className="cp-muted">发放社区：{approved.length === 1 ? approved[0]!.community : '本店已通过审核的全部服务社区'}</p>
      )}
      <Field label="使用规则（选填）">
        <textarea className="cp-input" name="rules" rows={3} {...text('rules')} />
      </Field>
      {error && (
        <p className="cp-problem" role="alert">
          {error}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={busy}>
        发布
      </Button>
    </form>
  );
}

function Stats({ shopId }: { shopId: string }) {
  const stats = useQuery({ queryKey: ['coupons', 'shop', shopId, 'stats'], queryFn: ({ signal }) => callApi(getShopStatsCall, { id: shopId }, { signal }) });
  if (stats.isError) return <p className="cp-problem">{stats.error.message}</p>;
  if (!stats.data) return null;
  const days = stats.data.days.filter((x) => x.claimed > 0 || x.used > 0);
  return (
    <section className="cp-box" aria-label="数据">
      <h3>按活动</h3>
      <table className="cp-table">
        <thead>
          <tr>
            <th>活动</th>
            <th>总数</th>
            <th>已领</th>
            <th>已用</th>
          </tr>
        </thead>
        <tbody>
          {stats.data.batches.map((b) => (
            <tr key={b.id}>
              <td>{b.title}</td>
              <td>{b.total}</td>
              <td>{b.claimed}</td>
              <td>{b.used}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>按天（近 30 天）</h3>
      {days.length === 0 ? (
        <p className="cp-muted">近 30 天没有领取或核销</p>
      ) : (
        <table className="cp-table">
          <thead>
            <tr>
              <th>日期</th>
              <th>领取</th>
              <th>核销</th>
            </tr>
          </thead>
          <tbody>
            {days.map((x) => (
              <tr key={x.date}>
                <td>{x.date}</td>
                <td>{x.claimed}</td>
                <td>{x.used}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Redemptions({ shopId }: { shopId: string }) {
  const list = useInfiniteQuery({
    queryKey: ['coupons', 'shop', shopId, 'redemptions'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listRedemptionsCall, { id: shopId, cursor: pageParam }, { signal }),
    getNextPageParam: nextOf,
  });
  const rows = list.data?.pages.flatMap((p) => p.redemptions) ?? [];
  return (
    <section className="cp-list" aria-label="核销记录">
      <Button size="small" onClick={() => postDownload(`/v1/merchants/${encodeURIComponent(shopId)}/redemptions?export=1`, { token: currentToken() ?? '' })}>
        导出 Excel
      </Button>
      {list.isError && <p className="cp-problem">{list.error.message}</p>}
      {list.isSuccess && rows.length === 0 && <EmptyState title="还没有核销记录" />}
      {rows.map((r) => (
        <article key={r.couponId} className="cp-box cp-row" data-testid="redemption">
          <p>
            <strong>{r.face}</strong> {r.title}
          </p>
          <p className="cp-muted">
            {r.holder.name} · {r.holder.mobile} · {beijingDateTime(new Date(r.usedAt * 1000)).slice(0, 16)} · {r.via === 'offline' ? '离线核销' : '扫码核销'} · 店员 {r.clerk}
          </p>
        </article>
      ))}
      {rows.length > 0 && <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />}
    </section>
  );
}
