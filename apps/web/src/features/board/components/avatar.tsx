import type { BoardAuthor } from './types';

const COLOURS = ['#15803d', '#0369a1', '#c2410c', '#7c3aed', '#be185d', '#0f766e', '#a16207'];

/** The author's picture, or the first character of the screen name on a colour of their own. */
export function Avatar({ author, size = 44 }: { author: BoardAuthor; size?: number }) {
  const style = { width: size, height: size };
  if (author.avatar) return <img className="bd-avatar" src={author.avatar} alt="" width={size} height={size} style={style} />;
  const colour = COLOURS[[...author.openId].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % COLOURS.length];
  return (
    <span className="bd-avatar" style={{ ...style, background: colour, fontSize: size * 0.45 }} aria-hidden="true">
      {[...author.username][0] ?? '邻'}
    </span>
  );
}
