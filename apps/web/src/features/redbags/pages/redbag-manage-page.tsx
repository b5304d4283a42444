import { useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useSearchParams } from 'react-router';
import { beijingDateTime, parseBeijingMinute } from '@sq/contract/beijing-time';
import { fenOfYuan, priceText } from '@sq/contract/money';
import { REDBAG_MAX_SHARES, REDBAG_MIN_SHARES, REDBAG_TITLE_MAX_CHARS, RedbagMsg } from '@sq/contract/redbags/redbag-rules';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useCreateRedbagCampaign, useShopRedbags } from '../api/redbag-queries';
import { LoginFirst, RedbagFrame, Refusal } from '../components/redbag-parts';
import '../redbags.css';

const DAY_MS = 86_400_000;
/** A datetime-local value ('YYYY-MM-DDTHH:mm') read as Beijing time. */
const local = (at: Date) => beijingDateTime(at).replace(' ', 'T');
const instant = (value: string) => parseBeijingMinute(value.replace('T', ' '));
const when = (s: number) => beijingDateTime(new Date(s * 1000));

const Field = ({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) => (
  <label className="rb-field">
    <span>{label}</span>
    {children}
    {hint && <small className="rb-field-hint">{hint}</small>}
  </label>
);

/** /redbagmanage?shop=: the shop owner's red-packet campaigns – 发红包 and how each is going. */
export function RedbagManagePage() {
  useDocumentTitle('红包活动');
  const [params] = useSearchParams();
  const shop = params.get('shop') ?? '';
  const token = useStoredValue(StorageKey.token);
  const list = useShopRedbags(shop, Boolean(token));
  return (
    <RedbagFrame title="红包活动">
      {!token ? (
        <LoginFirst what="管理店铺的红包活动" back={`${WebRoute.redbagManage}?shop=${encodeURIComponent(shop)}`} />
      ) : !shop ? (
        <Refusal message="请从商家中心进入红包活动管理" />
      ) : list.error ? (
        <Refusal message={list.error.message} />
      ) : !list.data ? (
        <p className="rb-muted" role="status">正在加载…</p>
      ) : (
        <>
          <CampaignForm shop={shop} communities={list.data.communities} />
          <section className="rb-card" aria-labelledby="rb-campaigns">
            <h2 className="rb-card-title" id="rb-campaigns">
              已发的红包活动
            </h2>
            {list.data.campaigns.length === 0 ? (
              <EmptyState title="还没有红包活动" />
            ) : (
              <ul className="rb-list">
                {list.data.campaigns.map((c) => (
                  <li className="rb-row" key={c.id}>
                    <div className="rb-row-main">
                      <p className="rb-row-title">{c.title}</p>
                      <p className="rb-muted">
                        每个{priceText(c.packetFen)}，拆{c.shares}份 · {c.thresholdFen > 0 ? `满${priceText(c.thresholdFen)}可用` : '无门槛'} · 领后{c.validDays}天有效
                      </p>
                      <p className="rb-muted">
                        {when(c.startsAt)} 至 {when(c.endsAt)}
                      </p>
                      <p className="rb-muted">
                        已领红包 {c.packetsStarted}/{c.packets} 个 · 已拆 {c.sharesOpened}/{c.packets * c.shares} 份
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </RedbagFrame>
  );
}

function CampaignForm({ shop, communities }: { shop: string; communities: { poiId: string; name: string }[] }) {
  const create = useCreateRedbagCampaign(shop);
  const [form, setForm] = useState(() => ({
    title: '',
    packet: '10',
    shares: '10',
    packets: '100',
    startsAt: local(new Date()),
    endsAt: local(new Date(Date.now() + 7 * DAY_MS)),
    validDays: '7',
    threshold: '0',
    chosen: communities.map((c) => c.poiId),
  }));
  const [error, setError] = useState<string | null>(null);
  const text = (key: 'title' | 'packet' | 'shares' | 'packets' | 'startsAt' | 'endsAt' | 'validDays' | 'threshold') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  if (communities.length === 0) return <Refusal message="店铺的服务社区审核通过后才能发红包" />;

  const submit = () => {
    const packetFen = fenOfYuan(form.packet);
    const thresholdFen = fenOfYuan(form.threshold);
    const startsAt = instant(form.startsAt);
    const endsAt = instant(form.endsAt);
    if (packetFen === null || packetFen === 0) return setError(RedbagMsg.packet);
    if (thresholdFen === null) return setError(RedbagMsg.threshold);
    if (!startsAt || !endsAt) return setError(RedbagMsg.window);
    setError(null);
    create.mutate(
      {
        title: form.title.trim(),
        packetFen,
        shares: Number(form.shares),
        packets: Number(form.packets),
        startsAt: Math.floor(startsAt.getTime() / 1000),
        endsAt: Math.floor(endsAt.getTime() / 1000),
        validDays: Number(form.validDays),
        thresholdFen,
        communities: form.chosen,
      },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: '红包活动已发布' });
          setForm((f) => ({ ...f, title: '' }));
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <section className="rb-card" aria-labelledby="rb-new">
      <h2 className="rb-card-title" id="rb-new">
        发红包
      </h2>
      <p className="rb-muted">红包里是本店的满减券，不是现金。居民领红包后分享给邻居，每人拆一份随机金额。</p>
      <Field label="活动名称">
        <input className="rb-input" name="title" maxLength={REDBAG_TITLE_MAX_CHARS} placeholder="如：开业红包" {...text('title')} />
      </Field>
      <Field label="每个红包金额（元）" hint="每份至少 0.01 元">
        <input className="rb-input" name="packet" inputMode="decimal" {...text('packet')} />
      </Field>
      <Field label="每个红包拆成几份" hint={`${REDBAG_MIN_SHARES}–${REDBAG_MAX_SHARES} 份`}>
        <input className="rb-input" name="shares" inputMode="numeric" {...text('shares')} />
      </Field>
      <Field label="红包个数" hint="每人每个活动可领一个">
        <input className="rb-input" name="packets" inputMode="numeric" {...text('packets')} />
      </Field>
      <Field label="开始时间（北京时间）">
        <input className="rb-input" name="startsAt" type="datetime-local" {...text('startsAt')} />
      </Field>
      <Field label="结束时间（北京时间）">
        <input className="rb-input" name="endsAt" type="datetime-local" {...text('endsAt')} />
      </Field>
      <Field label="券的有效天数" hint="从拆到的当天算起">
        <input className="rb-input" name="validDays" inputMode="numeric" {...text('validDays')} />
      </Field>
      <Field label="使用门槛（元）" hint="0 为无门槛；否则需不低于单份最大金额（平均每份的两倍）">
        <input className="rb-input" name="threshold" inputMode="decimal" {...text('threshold')} />
      </Field>
      <fieldset className="rb-field">
        <legend>发放社区</legend>
        {communities.map((c) => (
          <label className="rb-check" key={c.poiId}>
            <input
              type="checkbox"
              checked={form.chosen.includes(c.poiId)}
              onChange={(e) => setForm((f) => ({ ...f, chosen: e.target.checked ? [...f.chosen, c.poiId] : f.chosen.filter((p) => p !== c.poiId) }))}
            />
            {c.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="rb-refusal" role="alert">
          {error}
        </p>
      )}
      <div className="rb-actions">
        <Button color="danger" shape="rounded" size="large" loading={create.isPending} onClick={submit}>
          发布红包活动
        </Button>
      </div>
    </section>
  );
}
