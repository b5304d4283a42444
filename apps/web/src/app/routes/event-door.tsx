import { useSearchParams } from 'react-router';
import { DoorQr } from '../../features/events-checkin/door-qr';

// /activitydoor?id=…: the rotating door QR, full screen, for staff to show at the entrance.
export function Component() {
  const [params] = useSearchParams();
  return <DoorQr eventId={params.get('id') ?? ''} />;
}
