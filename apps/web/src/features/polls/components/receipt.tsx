import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { publishedFormOf, useCheckReceipt, usePublishedReceipts } from '../api/owners-queries';
import './receipt.css';
import { showToast } from '../../../lib/toast';

/** The receipt of a secret ballot, shown once after voting: nobody, the server included, can show it again. */
export function ReceiptCard({ receipt }: { receipt: string }) {
  return (
    <section className="rc-card" aria-label="投票回执">
      <p className="rc-lead">你的回执码（仅显示这一次，请截图或抄下）：</p>
      <p className="rc-code" data-testid="receipt">
        {receipt}
      </p>
      <Button
        size="small"
        shape="rounded"
        onClick={() =>
          void navigator.clipboard
            .writeText(receipt)
            .then(() => showToast('回执码已复制'))
            .catch(() => showToast('无法复制，请长按回执码手动复制'))
        }
      >
        复制回执码
      </Button>
      <p className="rc-hint">凭回执码可随时核对你的选票已计入统计。回执码不含你的选择，也无法反查是谁投的票。</p>
    </section>
  );
}

/**
 * 核对回执: anyone holding a receipt checks that its ballot is in the count; after the deadline
 * also that it is in the published list of receipts, and that the list is as long as the ballots cast.
 */
export function ReceiptCheck({ pollId, published }: { pollId: string; published: boolean }) {
  const [code, setCode] = useState('');
  const check = useCheckReceipt(pollId);
  const list = usePublishedReceipts(pollId, published);
  const [listed, setListed] = useState<number | null | undefined>(undefined);
  const run = () => {
    check.mutate(code);
    if (list.data) {
      const receipts = list.data.receipts;
      void publishedFormOf(pollId, code).then((h) => {
        const at = receipts.indexOf(h);
        setListed(at >= 0 ? at + 1 : null);
      });
    }
  };
  return (
    <section className="rc-check" aria-label="核对回执">
      <h2 className="rc-check-title">核对回执</h2>
      <div className="rc-check-row">
        <Input className="rc-input" placeholder="输入回执码，如 ABCD-EFGH-JKLM" maxLength={20} value={code} onChange={setCode} aria-label="回执码" />
        <Button color="primary" fill="outline" shape="rounded" loading={check.isPending} onClick={run}>
          核对
        </Button>
      </div>
      {check.data && (
        <p className={`rc-result${check.data.counted ? ' is-counted' : ''}`} role="status">
          {check.data.counted ? '✓ 这张选票已计入统计' : '没有找到这个回执码，请检查是否输入有误'}
        </p>
      )}
      {list.data && (
        <div className="rc-published" aria-label="回执公示">
          <p>
            回执公示：共 {list.data.receipts.length} 条回执，投票 {list.data.ballots} 张
            {list.data.receipts.length === list.data.ballots ? '，两者一致' : '，两者不一致，请向业主委员会或物业反映'}。
          </p>
          {listed !== undefined && <p role="status">{listed ? `✓ 你的回执在公示列表第 ${listed} 条` : '公示列表中没有这个回执码'}</p>}
          <details>
            <summary>查看公示的回执（加密形式）</summary>
            <ol className="rc-list">
              {list.data.receipts.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ol>
          </details>
        </div>
      )}
    </section>
  );
}
