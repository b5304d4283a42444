import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Tag from 'antd-mobile/es/components/tag';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { formatDistance } from '@sq/contract/map/geo';
import { SERVICE_CATEGORIES, isServiceCategory } from '@sq/contract/map/service-categories';
import { MERCHANT_STATUS_NAMES, MerchantMsg } from '@sq/contract/merchants/merchant-rules';
import { showToast } from '../../../lib/toast';
import { useMerchantActions, useReviewLog, useReviewQueue } from '../api/merchant-queries';

/** A reason asked for in a dialog; null when cancelled. */
async function askReason(title: string): Promise<string | null> {
  let reason = '';
  const ok = await Dialog.confirm({
    title,
    content: <Input aria-label="原因" placeholder="请填写原因（100 字以内）" maxLength={100} onChange={(v) => (reason = v)} />,
    confirmText: '确定',
    cancelText: '取消',
  });
  if (!ok) return null;
  if (!reason.trim()) {
    showToast(MerchantMsg.reason);
    return null;
  }
  return reason.trim();
}

/** 商家审核: the shops waiting in the caller's communities (the operator: all), each reviewable; then the audit trail. */
export function ReviewTab() {
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const queue = useReviewQueue(true, status);
  const log = useReviewLog(true);
  const actions = useMerchantActions();
  const review = async (id: string, decision: 'approve' | 'return', poiId?: string) => {
    const reason = decision === 'return' ? await askReason('退回原因') : '';
    if (reason === null) return;
    await actions.review
      .mutateAsync({ id, decision, ...(poiId ? { poiId } : {}), ...(reason ? { reason } : {}) })
      .then(() => showToast(decision === 'approve' ? '已通过' : '已退回'))
      .catch(() => {});
  };
  const suspend = async (id: string, on: boolean) => {
    const reason = on ? await askReason('停用原因') : '';
    if (reason === null) return;
    await actions.suspend.mutateAsync({ id, suspend: on, ...(reason ? { reason } : {}) }).catch(() => {});
  };
  return (
    <>
      <div className="mc-section">
        <Selector aria-label="显示" options={[{ label: '待审核', value: 'pending' }, { label: '全部', value: 'all' }]} value={[status]} onChange={(v) => v[0] && setStatus(v[0] as 'pending' | 'all')} />
      </div>
      {queue.data?.shops.length === 0 && <p className="mc-section mc-muted">暂无待审核的商家</p>}
      {queue.data?.shops.map((s) => (
        <section key={s.id} className="mc-section" aria-label={`审核 ${s.name}`}>
          <h2>
            {s.name} <Tag>{MERCHANT_STATUS_NAMES[s.status]}</Tag>
          </h2>
          <div className="mc-muted">
            {isServiceCategory(s.category) ? SERVICE_CATEGORIES[s.category].label : s.category} · {s.address} · {s.hours} · {s.phone}
          </div>
          <div className="mc-muted">
            申请人：{s.owner.name} {s.owner.mobile} · 统一社会信用代码 {s.licenceNo}
          </div>
          {s.intro && <p>{s.intro}</p>}
          <div className="mc-thumbs">
            {s.photos.map((p) => (
              <a key={p.hash} href={p.url} target="_blank" rel="noreferrer">
                <img src={p.thumbUrl} alt="店铺照片" />
              </a>
            ))}
            <a href={s.licenceImage.url} target="_blank" rel="noreferrer">
              <img src={s.licenceImage.thumbUrl} alt="营业执照" />
            </a>
          </div>
          {s.communities.map((c) => (
            <div key={c.poiId} className="mc-status">
              <div>
                <div>
                  {c.community} <span className="mc-muted">{formatDistance(c.distanceM)}</span>
                </div>
                {c.reason && <div className="mc-reason">退回原因：{c.reason}</div>}
              </div>
              {c.status === 'pending' ? (
                <span className="mc-row">
                  <Button size="small" color="primary" onClick={() => void review(s.id, 'approve', c.poiId)}>
                    通过
                  </Button>
                  <Button size="small" color="danger" fill="outline" onClick={() => void review(s.id, 'return', c.poiId)}>
                    退回
                  </Button>
                </span>
              ) : (
                <Tag>{c.status === 'approved' ? '已通过' : c.status === 'returned' ? '已退回' : '已移除'}</Tag>
              )}
            </div>
          ))}
          {queue.data.operator && (
            <div className="mc-actions">
              {s.communities.some((c) => c.status === 'pending') && (
                <Button size="small" color="primary" fill="outline" onClick={() => void review(s.id, 'approve')}>
                  全部通过
                </Button>
              )}
              {s.communities.some((c) => c.status === 'pending') && (
                <Button size="small" color="danger" fill="outline" onClick={() => void review(s.id, 'return')}>
                  全部退回
                </Button>
              )}
              <Button size="small" fill="outline" onClick={() => void suspend(s.id, s.status !== 'suspended')}>
                {s.status === 'suspended' ? '恢复店铺' : '停用店铺'}
              </Button>
            </div>
          )}
        </section>
      ))}
      <section className="mc-section" aria-label="审核记录">
        <h2>审核记录</h2>
        {log.data?.entries.length === 0 && <p className="mc-muted">暂无记录</p>}
        {log.data?.entries.map((e, i) => (
          <div key={i} className="mc-log">
            <div>
              {e.actor} <strong>{e.action}</strong>「{e.shop}」{e.community ? `（${e.community}）` : '（全平台）'}
            </div>
            <div className="mc-muted">
              {beijingDateTime(new Date(e.at * 1000))}
              {e.reason ? ` · 原因：${e.reason}` : ''}
            </div>
          </div>
        ))}
      </section>
    </>
  );
}
