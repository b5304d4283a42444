import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { beijingDateTime } from '@sq/contract/beijing-time';
import { CARD_TYPE_SHORT, DEFAULT_CARD_TYPE, isCardType } from '@sq/contract/documents/document-types';
import { REVOKED_LABEL, type RegistrationMasked } from '@sq/contract/pass/registration-schemas';
import { WebRoute } from '@sq/contract/routes';
import './manage-ui.css';

/** The colour of an identity (owner) tag: visitors stand out, as on the pass itself. */
export function ownerTone(owner: string): string {
  if (owner === '访客') return 'mg-tag-blue';
  if (owner === '业主') return 'mg-tag-green';
  return '';
}

/** One registration in /records; tapping opens the staff detail (/xxdetail) to review it. */
export function RecordRow({ poiId, card }: { poiId: string; card: RegistrationMasked }) {
  const to = `${WebRoute.registrationDetail}?poiId=${encodeURIComponent(poiId)}&id=${encodeURIComponent(card._id)}`;
  return (
    <li>
      <Link className="mg-row rr-row" to={to}>
        <div className="mg-row-head">
          <span className="mg-row-name">{card.name}</span>
          {card.owner && <span className={`mg-tag ${ownerTone(card.owner)}`}>{card.owner}</span>}
          {/* Who came with another document than a mainland ID card shows it at a glance. */}
          {card.cardType !== DEFAULT_CARD_TYPE && isCardType(card.cardType) && <span className="mg-tag">{CARD_TYPE_SHORT[card.cardType]}</span>}
          {/* In the 已退回 tab: a pass taken back after approval is not a form waiting to be fixed. */}
          {card.revoked && <span className="mg-tag mg-tag-red">{REVOKED_LABEL}</span>}
          <span className="mg-row-aside">{beijingDateTime(new Date(card.created_at * 1000))}</span>
        </div>
        <div className="mg-row-meta">
          <span className="mg-num">{card.mobile}</span>
          {card.address && <span className="rr-address">{card.address}</span>}
        </div>
        {card.status === -1 && card.returnReason && (
          <p className="rr-reason">
            {card.revoked ? '撤销' : '退回'}原因：{card.returnReason}
          </p>
        )}
        <RightOutline className="rr-arrow" aria-hidden="true" />
      </Link>
    </li>
  );
}
