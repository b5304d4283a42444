import type { BoardKind } from '@sq/contract/board/board-rules';
import type { PostCard } from '@sq/contract/board/posts';
import { imageUrl } from '@sq/contract/images/image-rules';
import type { BoardImage } from '../../db/schema';
import type { CardRow } from './feed-repo';
import { asStatus, noticeOf, unixSeconds } from './notice';

export const imagesOf = (poiId: string, images: readonly BoardImage[]) =>
  images.map((i) => ({ hash: i.hash, url: imageUrl(poiId, i.hash), thumbUrl: imageUrl(poiId, i.hash, 'thumb'), width: i.width, height: i.height }));

/** A post as `viewerId` reads it: what is held or removed says why to its author only. */
export function cardOf(r: CardRow, viewerId: string, now: Date): PostCard {
  const mine = r.authorId === viewerId;
  return {
    id: r.id,
    kind: r.kind as BoardKind,
    author: { openId: r.authorOpenId, username: r.authorName, avatar: r.authorAvatar, staff: r.authorStaff },
    text: r.text,
    images: imagesOf(r.poiId, r.images),
    priceFen: r.priceFen,
    sold: r.sold,
    createdAt: unixSeconds(r.createdAt),
    editedAt: r.editedAt ? unixSeconds(r.editedAt) : null,
    pinnedUntil: r.pinnedUntil && r.pinnedUntil > now ? unixSeconds(r.pinnedUntil) : null,
    likes: r.likeCount,
    comments: r.commentCount,
    liked: r.liked,
    mine,
    status: asStatus(r.status),
    notice: mine ? noticeOf(r.status, r.heldReasons, r.removedReason) : null,
  };
}

/** Whether `viewerId` may see the post at all: visible ones to readers, held or removed to their author. */
export const canSee = (r: { status: string; authorId: string }, viewerId: string) =>
  r.status === 'visible' || ((r.status === 'held' || r.status === 'removed') && r.authorId === viewerId);
