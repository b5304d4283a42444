import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import Tag from 'antd-mobile/es/components/tag';
import { Link, useSearchParams } from 'react-router';
import { formatDistance } from '@sq/contract/map/geo';
import { SERVICE_CATEGORIES, isServiceCategory } from '@sq/contract/map/service-categories';
import { MERCHANT_ROLE_NAMES, MERCHANT_STATUS_NAMES } from '@sq/contract/merchants/merchant-rules';
import { WebRoute } from '@sq/contract/routes';
import { useMerchantActions, useMyShop } from '../api/merchant-queries';
import { ApplyForm } from './apply-form';

const LINK_NAMES = { pending: '审核中', approved: '已通过', returned: '已退回', removed: '已移除' } as const;
const LINK_COLORS = { pending: 'warning', approved: 'success', returned: 'danger', removed: 'default' } as const;

/** One shop in the centre: its review per community (with reasons), edit and resubmit, clerks, and where to go next. */
export function ShopCentre({ id, poiId }: { id: string; poiId: string }) {
  const shop = useMyShop(id);
  const actions = useMerchantActions();
  const [params] = useSearchParams();
  // Back from the map picker while editing: the form again, with the point.
  const [editing, setEditing] = useState(() => params.has('lng'));
  const [mobile, setMobile] = useState('');
  if (!shop.data) return <section className="mc-section">{shop.isError ? shop.error.message : '加载中…'}</section>;
  const { shop: s, role, clerks } = shop.data;
  const owner = role === 'owner';
  if (editing) return <ApplyForm poiId={poiId} shop={s} onDone={() => setEditing(false)} />;

  const addClerk = async () => {
    try {
      await actions.addClerk.mutateAsync({ id, mobile });
      setMobile('');
    } catch {
      // Shown by the API client.
    }
  };
  const remove = async (userId: string, name: string) => {
    if (await Dialog.confirm({ content: `移除店员「${name}」？`, confirmText: '移除', cancelText: '取消' })) await actions.removeClerk.mutateAsync({ id, userId }).catch(() => {});
  };

  return (
    <>
      <section className="mc-section" aria-label="店铺">
        <h2>
          {s.name} <Tag color={s.status === 'approved' ? 'success' : s.status === 'pending' ? 'warning' : 'danger'}>{MERCHANT_STATUS_NAMES[s.status]}</Tag>
        </h2>
        <div className="mc-muted">
          {isServiceCategory(s.category) ? SERVICE_CATEGORIES[s.category].label : s.category} · {s.address} · 我的身份：{MERCHANT_ROLE_NAMES[role]}
        </div>
        {s.status === 'suspended' && <p className="mc-reason">店铺已被平台停用：{s.statusNote}</p>}
        {s.status === 'approved' && (
          <div className="mc-actions">
            <Link className="mc-link" to={`${WebRoute.couponManage}?shop=${s.id}`}>
              优惠券管理 ›
            </Link>
            <Link className="mc-link" to={`${WebRoute.merchantCounter}?shop=${s.id}`}>
              收银台核销 ›
            </Link>
            {role === 'owner' && (
              <Link className="mc-link" to={`${WebRoute.redbagManage}?shop=${s.id}`}>
                红包活动 ›
              </Link>
            )}
          </div>
        )}
      </section>
      <section className="mc-section" aria-label="各社区审核进度">
        <h2>各社区审核进度</h2>
        {s.communities.map((c) => (
          <div key={c.poiId} className="mc-status">
            <div>
              <div>{c.community}</div>
              <div className="mc-muted">距离 {formatDistance(c.distanceM)}</div>
              {c.reason && <div className="mc-reason">退回原因：{c.reason}</div>}
            </div>
            <Tag color={LINK_COLORS[c.status]}>{LINK_NAMES[c.status]}</Tag>
          </div>
        ))}
        {owner && s.status !== 'suspended' && (
          <div className="mc-actions">
            <Button shape="rounded" onClick={() => setEditing(true)}>
              {s.status === 'returned' ? '修改并重新提交' : '修改店铺信息'}
            </Button>
          </div>
        )}
        {owner && s.status === 'approved' && <p className="mc-muted">修改后需重新审核，审核期间居民暂时看不到您的店铺。</p>}
      </section>
      {owner && (
        <section className="mc-section" aria-label="店员">
          <h2>店员</h2>
          {clerks.map((c) => (
            <div key={c.userId} className="mc-status">
              <span>
                {c.name} <span className="mc-muted">{c.mobile}</span>
              </span>
              {c.role === 'owner' ? <Tag>店主</Tag> : <Button size="small" color="danger" fill="outline" onClick={() => void remove(c.userId, c.name)}>移除</Button>}
            </div>
          ))}
          <div className="mc-row">
            <Input aria-label="店员手机号" type="tel" placeholder="店员手机号（需已登录过本应用）" value={mobile} maxLength={11} onChange={setMobile} style={{ flex: 1 }} />
            <Button size="small" color="primary" shape="rounded" loading={actions.addClerk.isPending} onClick={() => void addClerk()}>
              添加店员
            </Button>
          </div>
        </section>
      )}
    </>
  );
}
