import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nameProxyCall } from '@sq/contract/polls/paper-proxy-calls';
import { MOBILE_PATTERN, maskMobile } from '@sq/contract/rules';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { pollQueryKey } from '../api/get-poll';
import './name-proxy.css';

/**
 * 委托他人投票 (issue 37 item 4): the owner types the proxy's mobile and confirms; the proxy then
 * sees this vote and casts it for the owner's homes not voted yet. Whoever votes first counts.
 */
export function NameProxy({ pollId, homes }: { pollId: string; homes: string[] }) {
  const queryClient = useQueryClient();
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
    },
    onSettled: () => setConfirming(false),
  });
  if (done) return <p className="name-proxy-done" role="status">{done}。您仍可自己投票，谁先投计谁的票。</p>;
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
          <p>确认委托 {maskMobile(mobile.trim())} 为 {homes.join('、')} 投票？委托后不能撤回。</p>
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
