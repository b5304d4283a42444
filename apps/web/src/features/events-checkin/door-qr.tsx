import { useQuery } from '@tanstack/react-query';
import { getDoorCodeCall } from '@sq/contract/events/calls';
import { callApi } from '../../lib/api-client';
import { qrDataUrl } from '../pass/lib/qr-svg';
import './events-checkin.css';

/**
 * The door QR staff show at the entrance, full screen, with the count of people checked in. The
 * code changes every half minute (asked again as each one runs out), so a photo sent home stops
 * working; the count follows with it.
 */
export function DoorQr({ eventId }: { eventId: string }) {
  const door = useQuery({
    queryKey: ['event-door', eventId],
    queryFn: ({ signal }) => callApi(getDoorCodeCall, { id: eventId }, { signal, silent: true }),
    // Asked again a moment after the code runs out; a few seconds of the old one are still taken (one step either way).
    refetchInterval: (q) => Math.max(1000, (q.state.data?.validUntil ?? 0) - Date.now() + 500),
    retry: false,
  });
  if (door.error) {
    return (
      <main className="ec-door" role="alert">
        <h1>现场签到二维码</h1>
        <p className="ec-door-hint">{door.error.message}</p>
      </main>
    );
  }
  return (
    <main className="ec-door" aria-busy={!door.data}>
      <h1>扫码签到</h1>
      {door.data && <img className="ec-door-qr" src={qrDataUrl(door.data.url, 'M')} alt="现场签到二维码" data-testid="door-qr" data-url={door.data.url} />}
      <p className="ec-door-count" data-testid="door-attended">
        已签到 {door.data?.attended ?? '–'} 人
      </p>
      <p className="ec-door-hint">已报名的居民请用手机扫码签到 · 二维码每 30 秒更新</p>
    </main>
  );
}
