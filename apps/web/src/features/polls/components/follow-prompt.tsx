import { useEffect, useRef } from 'react';
import Button from 'antd-mobile/es/components/button';
import './follow-prompt.css';

/**
 * Spec §4 "Followers check": the voter is first asked to follow the poll's public account; closing
 * the prompt lets the vote go ahead (a web page cannot verify a follow). Drawn in the page rather
 * than as an overlay: in an iframe sized to its content an overlay can land off screen.
 */
export function FollowPrompt({ qr, onClose }: { qr: string | null; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  // Braces matter: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <section ref={ref} className="follow-prompt" role="dialog" aria-label="关注公众号">
      <button type="button" className="follow-prompt-close" aria-label="关闭" onClick={onClose}>
        ×
      </button>
      <h2 className="follow-prompt-title">请先关注公众号</h2>
      <p className="follow-prompt-text">长按识别二维码关注，关注后可查看投票结果</p>
      {qr && <img className="follow-prompt-qr" src={qr} alt="公众号二维码" width={160} height={160} />}
      <Button block color="primary" shape="rounded" onClick={onClose}>
        我已关注，继续投票
      </Button>
    </section>
  );
}
