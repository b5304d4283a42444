import { eventTicketUrl } from '@sq/contract/events/event-code';
import { qrDataUrl } from '../pass/lib/qr-svg';
import './events-checkin.css';

/**
 * The resident's check-in QR (the event detail shows it for a confirmed sign-up): its text is the
 * address of /activityticket, so staff may scan it with the scanner or any phone's camera. Level Q:
 * a cracked screen or a glare still reads.
 */
export function TicketQr({ code }: { code: string }) {
  return (
    <figure className="ec-ticket" data-testid="ticket-qr" data-code={code}>
      <img className="ec-ticket-img" src={qrDataUrl(eventTicketUrl(window.location.origin, code), 'Q')} alt="签到二维码" />
      <figcaption className="ec-ticket-caption">到场后请出示此二维码，由工作人员扫码签到</figcaption>
    </figure>
  );
}
