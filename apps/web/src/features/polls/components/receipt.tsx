import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useCheckReceipt } from '../api/owners-queries';
import './receipt.css';

/** The receipt of a secret ballot, shown once after voting: nobody, the server included, can show it again. */
export function ReceiptCard({ receipt }: { receipt: string }) {
  return (
    <section className="rc-card" aria-label="投票回执">
      <p className="rc-lead">你的回执码（仅显示这一次，请截图或抄下）：</p>
      <p className="rc-code" data-testid="receipt">
        {receipt}
      </p>
      <p className="rc-hint">凭回执码可随时核对你的选票已计入统计。回执码不含你的选择，也无法反查是谁投的票。</p>
    </section>
  );
}

/** 核对回执: anyone holding a receipt checks that its ballot is in the count. */
export function ReceiptCheck({ pollId }: { pollId: string }) {
  const [code, setCode] = useState('');
  const check = useCheckReceipt(pollId);
  return (
    <section className="rc-check" aria-label="核对回执">
      <h2 className="rc-check-title">核对回执</h2>
      <div className="rc-check-row">
        <Input className="rc-input" placeholder="输入回执码，如 ABCD-EFGH-JKLM" maxLength={20} value={code} onChange={setCode} aria-label="回执码" />
        <Button color="primary" fill="outline" shape="rounded" loading={check.isPending} onClick={() => check.mutate(code)}>
          核对
        </Button>
      </div>
      {check.data && (
        <p className={`rc-result${check.data.counted ? ' is-counted' : ''}`} role="status">
          {check.data.counted ? '✓ 这张选票已计入统计' : '没有找到这个回执码，请检查是否输入有误'}
        </p>
      )}
    </section>
  );
}
