import { createPortal } from 'react-dom';
import { GATE_LABEL, type GateDirection } from '../lib/gate-url';
import './gate-poster.css';

interface Props {
  community: string;
  address: string;
  direction: GateDirection;
  qrSrc: string;
  /**
   * On paper now: the poster whose 打印海报 was pressed alone, or every poster when the browser's
   * own print menu prints the page (one A4 page each).
   */
  active: boolean;
}

/**
 * The A4 poster for the gate, laid out for paper. It sits beside the app's root (a portal), so the
 * print stylesheet can leave the screen off paper with one rule and print just the posters.
 */
export function GatePoster({ community, address, direction, qrSrc, active }: Props) {
  const label = GATE_LABEL[direction];
  return createPortal(
    <section className={`gp-poster gp-poster-${direction}`} data-printing={active} aria-hidden="true">
      <div className="gp-band">
        <p className="gp-community">{community}</p>
        <p className="gp-kind">社区出入通行证</p>
      </div>
      <p className="gp-action">{label.action}</p>
      <div className="gp-frame">
        <img className="gp-qr" src={qrSrc} alt="" />
      </div>
      <p className="gp-how">微信或浏览器扫码，出示通行证</p>
      <p className="gp-note">首次使用请先登记，审核通过后即可通行</p>
      {address && <p className="gp-address">{address}</p>}
    </section>,
    document.body,
  );
}
