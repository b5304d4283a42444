import { formatFen } from '@sq/contract/board/board-rules';

/** 闲置: the price (面议 without one) and 已售出. */
export function SaleLine({ priceFen, sold }: { priceFen: number | null; sold: boolean }) {
  return (
    <p className="bd-sale">
      <span className={`bd-price${sold ? ' bd-price-sold' : ''}`}>{priceFen === null ? '面议' : formatFen(priceFen)}</span>
      {sold && <span className="bd-tag bd-tag-sold">已售出</span>}
    </p>
  );
}
