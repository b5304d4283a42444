import { useState } from 'react';
import { Link } from 'react-router';
import { splitByKeyword } from '../lib/highlight';

/** Longer than this (or more lines than the clamp) and the card shows 全文. */
const CLAMP_CHARS = 110;
const CLAMP_LINES = 6;

/** A post's text; on a card clamped to six lines with 全文/收起, the search keyword marked. */
export function PostText({ text, clamp, keyword = '', link, id }: { text: string; clamp: boolean; keyword?: string; link?: string; id?: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = clamp && (text.length > CLAMP_CHARS || text.split('\n').length > CLAMP_LINES);
  const body = (
    <p className={`bd-text${long && !expanded ? ' bd-text-clamped' : ''}`} id={link ? undefined : id}>
      {splitByKeyword(text, keyword).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text))}
    </p>
  );
  return (
    <>
      {link ? (
        <Link to={link} className="bd-card-body" id={id}>
          {body}
        </Link>
      ) : (
        body
      )}
      {long && (
        <button type="button" className="bd-more" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
          {expanded ? '收起' : '全文'}
        </button>
      )}
    </>
  );
}
