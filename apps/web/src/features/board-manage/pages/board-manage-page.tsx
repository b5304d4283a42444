import { useState } from 'react';
import Tabs from 'antd-mobile/es/components/tabs';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { centreOf, LoadFailure, ManageHeader, MissingCommunity } from '../../manage';
import { usePost } from '../api/pins';
import { useModerationQueue } from '../api/queue';
import { ActionsSection } from '../components/actions-section';
import { KeywordsSection } from '../components/keywords-section';
import { MuteSheet, type MuteTarget } from '../components/mute-sheet';
import { MutesSection } from '../components/mutes-section';
import { PinSheet, type PinTarget } from '../components/pin-sheet';
import { PinsSection } from '../components/pins-section';
import { QueueSection } from '../components/queue-section';
import { RemoveSheet, type RemoveTarget } from '../components/remove-sheet';
import { RulesSection } from '../components/rules-section';
import { MANAGE_TABS, manageTab, type ManageTab } from '../lib/manage-tabs';
import './board-manage-page.css';

/**
 * 邻里圈管理 (/stickmanage?poiId=&tab=): the community's staff moderate its board – the queue of
 * held and reported content, what was removed, pins, mutes, keywords and links, the rules, and
 * the record of every action. The pending queue's answer is the page's gate: whoever the server
 * refuses (duty staff, residents, other communities) reads its reason instead of the tabs.
 * `&pin=<postId>` opens 置顶 for that post (a link from a post's page).
 */
export function BoardManagePage() {
  useDocumentTitle('邻里圈管理');
  const [params, setParams] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const tab = manageTab(params.get('tab'));
  const pinId = params.get('pin');
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const pending = useModerationQueue(poiId, 'pending');
  const linked = usePost(pinId);

  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  const [muting, setMuting] = useState<MuteTarget | null>(null);
  const [pinning, setPinning] = useState<PinTarget | null>(null);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const fromLink = pinId && linked.data ? { id: linked.data.id, text: linked.data.text, pinnedUntil: linked.data.pinnedUntil } : null;
  const pinTarget = pinning ?? fromLink;
  const closePin = () => (setPinning(null), pinId && update({ pin: null }));

  const count = pending.data?.pages[0]?.pending;
  const gate = pending.error && !pending.data ? pending.error : null;

  let body;
  if (!poiId) body = <MissingCommunity />;
  else if (gate) body = <LoadFailure error={gate} onRetry={() => void pending.refetch()} />;
  else if (!pending.data) body = <p className="mg-loading" role="status">正在加载…</p>;
  else {
    body = (
      <>
        <div className="bm-tabs">
          <Tabs activeKey={tab} onChange={(key) => update({ tab: key === 'pending' ? null : key })} aria-label="管理功能">
            {MANAGE_TABS.map((t) => (
              <Tabs.Tab key={t.key} title={t.key === 'pending' && count ? `${t.title} ${count}` : t.title} />
            ))}
          </Tabs>
        </div>
        <Section
          tab={tab}
          poiId={poiId}
          onRemove={(item) => setRemoving({ target: item.target, id: item.id, text: item.text })}
          onMute={(author) => setMuting(author)}
          onPin={(post) => setPinning(post)}
        />
      </>
    );
  }

  return (
    <main className="mg-screen bm-page">
      <ManageHeader
        title="邻里圈管理"
        subtitle={community.data?.community}
        fallback={centreOf(poiId)}
        right={
          poiId && !gate ? (
            <Link className="mg-header-action" to={`${WebRoute.board}?poiId=${encodeURIComponent(poiId)}`}>
              邻里圈
            </Link>
          ) : null
        }
      />
      {body}
      <RemoveSheet poiId={poiId} item={removing} onClose={() => setRemoving(null)} />
      <MuteSheet poiId={poiId} person={muting} onClose={() => setMuting(null)} />
      <PinSheet poiId={poiId} post={pinTarget} onClose={closePin} />
    </main>
  );
}

interface SectionProps {
  tab: ManageTab;
  poiId: string;
  onRemove: (item: RemoveTarget) => void;
  onMute: (author: MuteTarget) => void;
  onPin: (post: PinTarget) => void;
}

function Section({ tab, poiId, onRemove, onMute, onPin }: SectionProps) {
  switch (tab) {
    case 'pending':
    case 'removed':
      return (
        <QueueSection
          key={tab}
          poiId={poiId}
          status={tab}
          onRemove={onRemove}
          onMute={(item) => onMute(item.author)}
          onPin={(item) => onPin({ id: item.postId, text: item.text, pinnedUntil: null })}
        />
      );
    case 'pins':
      return <PinsSection poiId={poiId} onPin={(post) => onPin(post)} />;
    case 'mutes':
      return <MutesSection poiId={poiId} />;
    case 'keywords':
      return <KeywordsSection poiId={poiId} />;
    case 'rules':
      return <RulesSection poiId={poiId} />;
    case 'actions':
      return <ActionsSection poiId={poiId} />;
  }
}
