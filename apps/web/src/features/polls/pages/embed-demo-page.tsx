import { useEffect, useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { loadEmbedKit, type EmbedHandle, type SqPollKit } from '../lib/embed-kit';
import './embed-demo-page.css';

type CreateType = 'single' | 'multiple';

/** One poll frame, mounted by the kit into an element React leaves alone. */
function EmbeddedPoll({ kit, id, tid }: { kit: SqPollKit; id: string; tid: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const handle = kit.poll(slot.current!, { id, tid, title: '投票' });
    return () => handle.destroy();
  }, [kit, id, tid]);
  return <div ref={slot} className="embed-demo-frame" data-testid="embedded-poll" data-poll-id={id} />;
}

/**
 * /embed-demo: a host page as a partner site would build it with /embed/poll.js (docs/embedding.md).
 * Same origin as the app, because FRAME_ANCESTORS defaults to 'self'. `?poll=<id>` (repeatable)
 * shows polls; new ones are added there, so a login round trip comes back to the same view.
 */
export function EmbedDemoPage() {
  useDocumentTitle('投票嵌入示例');
  const [params, setParams] = useSearchParams();
  const pollIds = params.getAll('poll');
  const tid = params.get('tid') ?? 'demo-topic';
  const [kit, setKit] = useState<SqPollKit | null>(null);
  const [kitError, setKitError] = useState(false);
  const [creating, setCreating] = useState<CreateType | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const createSlot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    loadEmbedKit().then(setKit, () => setKitError(true));
  }, []);

  useEffect(() => {
    if (!kit || !creating) return;
    let handle: EmbedHandle | null = null;
    handle = kit.create(createSlot.current!, {
      type: creating,
      onCreated: (poll) => {
        setLog((l) => [...l, `收到新投票「${poll.title}」（编号 ${poll.id.slice(0, 8)}，来自 ${poll.iframeId}）`]);
        setCreating(null);
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.append('poll', poll.id);
            return next;
          },
          { replace: true },
        );
      },
    });
    return () => handle?.destroy();
  }, [kit, creating, setParams]);

  return (
    <main className="embed-demo">
      <header className="embed-demo-header">
        <p className="embed-demo-site">邻里之家 · 社区论坛</p>
        <h1 className="embed-demo-title">投票嵌入示例</h1>
        <p className="embed-demo-desc">本页演示其他网站如何通过 /embed/poll.js 嵌入投票：创建的投票会回传给本页，并显示在下方。</p>
      </header>

      <section className="embed-demo-card" aria-label="发起投票">
        <div className="embed-demo-buttons">
          <Button color="primary" shape="rounded" disabled={!kit} onClick={() => setCreating('single')}>
            创建单选投票
          </Button>
          <Button color="primary" fill="outline" shape="rounded" disabled={!kit} onClick={() => setCreating('multiple')}>
            创建多选投票
          </Button>
        </div>
        {creating && (
          <div className="embed-demo-closable">
            <Button size="mini" fill="none" onClick={() => setCreating(null)}>
              取消创建
            </Button>
          </div>
        )}
        <div ref={createSlot} className="embed-demo-frame" data-testid="create-slot" />
      </section>

      <section className="embed-demo-card" aria-label="宿主收到的消息">
        <h2 className="embed-demo-subtitle">本页收到的消息</h2>
        {log.length === 0 ? (
          <p className="embed-demo-empty">暂无消息</p>
        ) : (
          <ol className="embed-demo-log" data-testid="host-log">
            {log.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        )}
      </section>

      {kitError && <ErrorBlock status="disconnected" title="嵌入脚本加载失败" description="/embed/poll.js" />}
      {!kit && !kitError && <DotLoading color="primary" />}
      {kit &&
        pollIds.map((id) => (
          <section key={id} className="embed-demo-card embed-demo-poll" aria-label="嵌入的投票">
            <EmbeddedPoll kit={kit} id={id} tid={tid} />
          </section>
        ))}
    </main>
  );
}
