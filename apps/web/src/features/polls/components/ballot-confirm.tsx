import { useEffect, useRef } from 'react';
import Button from 'antd-mobile/es/components/button';
import './ballot-confirm.css';

/**
 * 确认投票 (issue 37 item 7): an owners' ballot cannot be changed, so it is repeated back – the
 * choice and the homes it will count for – before it is cast. Drawn in the page, not as an overlay
 * (in an embedding iframe an overlay can land off screen, as FollowPrompt says).
 */
export function BallotConfirm({ choice, homes, pending, onConfirm, onBack }: { choice: string; homes: string[]; pending: boolean; onConfirm: () => void; onBack: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <section ref={ref} className="ballot-confirm" role="dialog" aria-label="确认投票">
      <h2 className="ballot-confirm-title">请确认您的投票</h2>
      <p className="ballot-confirm-line">
        您的选择：<strong className="ballot-confirm-choice">{choice}</strong>
      </p>
      <p className="ballot-confirm-line">
        计入的房屋（{homes.length}户）：<strong>{homes.join('、')}</strong>
      </p>
      <p className="ballot-confirm-warn">提交后不能更改，每户只计第一张有效票。</p>
      <div className="ballot-confirm-actions">
        <Button block color="primary" size="large" shape="rounded" loading={pending} onClick={onConfirm}>
          确认投票
        </Button>
        <Button block size="large" shape="rounded" fill="outline" disabled={pending} onClick={onBack}>
          返回修改
        </Button>
      </div>
    </section>
  );
}
