import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useMutation } from '@tanstack/react-query';
import { rotateGateKeyCall } from '@sq/contract/pass/rotate-gate-key';
import { callApi } from '../../../lib/api-client';

/**
 * 执勤手机丢失 (issue 13 item 2): a duty phone holds the community's key for checking passes with
 * no signal. Removing its person stops its account; replacing the key stops what it holds.
 */
export function RotateKeyCard({ poiId }: { poiId: string }) {
  const rotate = useMutation({ mutationFn: () => callApi(rotateGateKeyCall, { poiId }) });
  const confirm = async () => {
    const ok = await Dialog.confirm({
      title: '更换核验密钥',
      content: '执勤手机丢失时使用。更换后，旧密钥生成的通行码立即失效；居民的通行证会自动更新，各执勤手机联网后自动取得新密钥。请同时删除丢失手机所登录的执勤者。',
      confirmText: '确定更换',
      cancelText: '取消',
    });
    if (ok) rotate.mutate(undefined, { onSuccess: (r) => Toast.show({ icon: 'success', content: `已更换（第 ${r.v} 版）` }) });
  };
  return (
    <section className="mg-card ds-rotate" aria-label="执勤手机丢失">
      <h2>执勤手机丢失？</h2>
      <p>执勤手机保存着离线核验用的密钥。删除该执勤者后，再更换密钥，丢失的手机就无法再核验或生成通行码。</p>
      <Button block color="danger" fill="outline" loading={rotate.isPending} onClick={() => void confirm()}>
        更换核验密钥
      </Button>
    </section>
  );
}
