import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import type { Info } from '@sq/contract/info/info-entry';
import { TypeTag } from './type-tag';
import './info-card.css';

/** One contact entry: type tag, department, phone (tap to call), address and 纠错 (spec §2). */
export function InfoCard({ info, onCorrect }: { info: Info; onCorrect: () => void }) {
  return (
    <article className="sq-info-card" aria-label={info.department}>
      <div className="sq-info-card-head">
        <TypeTag typeId={info.typeId} name={info.typeName} />
        <h3 className="sq-info-card-name">{info.department}</h3>
        <button type="button" className="sq-info-card-fix" onClick={onCorrect}>
          纠错
        </button>
      </div>
      <a className="sq-info-card-phone" href={`tel:${info.contact.replace(/\s/g, '')}`}>
        <PhoneFill aria-hidden="true" />
        {info.contact}
      </a>
      {info.address && (
        <p className="sq-info-card-address">
          <EnvironmentOutline aria-hidden="true" />
          {info.address}
        </p>
      )}
    </article>
  );
}
