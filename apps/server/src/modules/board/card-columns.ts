import { sql, type SQLWrapper } from 'drizzle-orm';
import { cursorText } from '../../db/keyset';
import { boardLikes, boardPosts, communityAdmins, staff, users } from '../../db/schema';

/** Whether `userId` is staff (or administrator) of `poiId`: the 工作人员 mark on what they write. */
export const staffMark = (userId: SQLWrapper, poiId: SQLWrapper) =>
  sql<boolean>`(exists (select 1 from ${staff} where ${staff.userId} = ${userId} and ${staff.poiId} = ${poiId})
    or exists (select 1 from ${communityAdmins} where ${communityAdmins.userId} = ${userId} and ${communityAdmins.poiId} = ${poiId}))`;

/**
 * What a post card needs, in one select over board_posts joined to its author (`users`): the
 * author's screen name and avatar only, whether `viewerId` liked it, and the keyset cursor.
 */
export const cardColumns = (viewerId: string) => ({
  id: boardPosts.id,
  poiId: boardPosts.poiId,
  authorId: boardPosts.authorId,
  kind: boardPosts.kind,
  text: boardPosts.text,
  images: boardPosts.images,
  priceFen: boardPosts.priceFen,
  sold: boardPosts.sold,
  showPhone: boardPosts.showPhone,
  status: boardPosts.status,
  heldReasons: boardPosts.heldReasons,
  removedReason: boardPosts.removedReason,
  pinnedUntil: boardPosts.pinnedUntil,
  likeCount: boardPosts.likeCount,
  commentCount: boardPosts.commentCount,
  createdAt: boardPosts.createdAt,
  editedAt: boardPosts.editedAt,
  authorOpenId: users.openId,
  authorName: users.username,
  authorAvatar: users.avatar,
  authorStaff: staffMark(boardPosts.authorId, boardPosts.poiId),
  liked: sql<boolean>`exists (select 1 from ${boardLikes} where ${boardLikes.postId} = ${boardPosts.id} and ${boardLikes.userId} = ${viewerId}::uuid)`,
  cursorAt: cursorText(boardPosts.createdAt),
});
