import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myProxiesCall, nameProxyCall, withdrawProxyCall } from '@sq/contract/polls/paper-proxy-calls';
import { ApiError } from '../../../lib/api-error';
import { MOBILE_PATTERN, maskMobile } from '@sq/contract/rules';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { pollQueryKey } from '../api/get-poll';
import './name-proxy.css';

/**
 * 委托他人投票 (issue 37 item 4): the owner types the proxy's mobile and confirms; the proxy then
 * sees this vote and casts it for the owner's homes not voted yet. Whoever votes first counts.
 * Open from the announcement; the proxies named are listed with 撤回委托 until the proxy votes.
 */
export function NameProxy({ pollId, homes }: { pollId: string; homes: string[] }) {
  const queryClient = useQueryClient();
  const mineKey = ['polls', 'proxies', pollId];
  const mine = useQuery({ queryKey: mineKey, queryFn: ({ signal }) => callApi(myProxiesCall, { id: pollId }, { signal }) });
  const withdraw = useMutation({
    mutationFn: () => callApi(withdrawProxyCall, { id: pollId }),
    onSuccess: (r) => {
      showToast({ icon: 'success', content: `已撤回 ${r.labels.join('、')} 的委托` });
      setDone(null);
      setOpen(false);
      setMobile('');
    },
    onError: (e) => showToast(e instanceof ApiError ? e.message : '撤回失败，请重试'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mineKey });
      void queryClient.invalidateQueries({ queryKey: pollQueryKey(pollId) });
    },
  });
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const name = useMutation({
    mutationFn: () => callApi(nameProxyCall, { id: pollId, mobile: mobile.trim() }),
    onSuccess: (r) => {
      setDone(`已委托 ${r.mobile} 为 ${r.labels.join('、')} 投票`);
      showToast({ icon: 'success', content: '委托成功' });
      void queryClient.invalidateQueries({ queryKey: pollQueryKey(pollId) });
      void queryClient.invalidateQueries({ queryKey: mineKey });
    },
    onSettled: () => setConfirming(false),
  });
  const named = mine.data?.proxies ?? [];
  if (named.length) {
    return (
      <section className="name-proxy" aria-label="我的委托">
        <h2 className="name-proxy-title">我的委托</h2>
        <ul className="name-proxy-list">
          {named.map((p) => (
            <li key={p.label}>
              已委托 {p.mobile} 为 {p.label} 投票{p.voted ? '（委托人已投票）' : ''}
            </li>
          ))}
        </ul>
        {named.some((p) => !p.voted) && (
          <>
            <p className="name-proxy-text">您仍可自己投票，谁先投计谁的票；委托人投票前可以撤回。</p>
            <Button block shape="rounded" color="danger" fill="outline" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
              撤回委托
            </Button>
          </>
        )}
      </section>
    );
  }
  if (done) return <p className="name-proxy-done" role="status">{done}。您仍可自己投票，谁先投计谁的票。</p>;
  if (!homes.length) return null;
  if (!open) {
    return (
      <button type="button" className="name-proxy-open" onClick={() => setOpen(true)}>
        不方便投票？委托他人代投
      </button>
    );
  }
  const valid = MOBILE_PATTERN.test(mobile.trim());
  return (
    <section className="name-proxy" aria-label="委托他人投票">
      <h2 className="name-proxy-title">委托他人投票</h2>
      <p className="name-proxy-text">委托人用这个手机号登录后，可以为您的房屋（{homes.join('、')}）投票。</p>
      <Input className="name-proxy-input" type="tel" inputMode="numeric" maxLength={11} placeholder="委托人的手机号" aria-label="委托人的手机号" value={mobile} onChange={(v) => { setMobile(v); setConfirming(false); }} />
      {!confirming ? (
        <Button block shape="rounded" color="primary" fill="outline" disabled={!valid} onClick={() => setConfirming(true)}>
          委托
        </Button>
      ) : (
        <div className="name-proxy-confirm" role="dialog" aria-label="确认委托">
          <p>确认委托 {maskMobile(mobile.trim())} 为 {homes.join('、')} 投票？委托人投票前可以撤回。</p>
          <Button block shape="rounded" color="primary" loading={name.isPending} onClick={() => name.mutate()}>
            确认委托
          </Button>
          <Button block shape="rounded" fill="none" onClick={() => setConfirming(false)}>
            取消
          </Button>
        </div>
      )}
    </section>
  );
}
