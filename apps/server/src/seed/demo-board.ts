import { addDays, beijingDate, endOfBeijingDay } from '@sq/contract/beijing-time';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { searchTermsOf } from '../modules/board/search-terms';
import { DEMO_COMMUNITIES } from './demo-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOME = DEMO_COMMUNITIES[0]!.poiId;
const HOUR = 3_600_000;
const postId = (n: number) => `b0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const commentId = (n: number) => `b0000000-0000-4000-8001-0000000000${String(n).padStart(2, '0')}`;

/** Who wrote it: a demo account by role, or a neighbour by index. */
type Who = 'admin' | 'manager' | 'resident' | number;

interface DemoPost {
  n: number;
  by: Who;
  kind: string;
  text: string;
  hoursAgo: number;
  priceFen?: number;
  sold?: boolean;
  pinnedDays?: number;
  likedBy: Who[];
}

/** 邻里圈 (issue 33): a few posts of every kind in 望京花园西区, one pinned notice from its manager. */
const POSTS: DemoPost[] = [
  { n: 1, by: 'manager', kind: 'notice', text: '【停水通知】因小区二次供水设备检修，本周六上午9:00至12:00全小区停水，请各位居民提前储水。给大家带来不便，敬请谅解。——望京花园西区物业服务中心', hoursAgo: 5, pinnedDays: 6, likedBy: ['resident', 0, 1, 2] },
  { n: 2, by: 'resident', kind: 'help', text: '谁家有电钻可以借用一下？周末装个置物架，用完马上还，8号楼的邻居，先谢谢大家！', hoursAgo: 2, likedBy: [3] },
  { n: 3, by: 0, kind: 'sale', text: '九成新婴儿车转让，孩子大了用不上了，可折叠可平躺，带遮阳篷和雨罩。小区内自提。', hoursAgo: 8, priceFen: 30000, likedBy: [1, 'resident'] },
  { n: 4, by: 1, kind: 'sale', text: '儿童自行车（16寸）闲置，带辅助轮，适合4到7岁，已售出，谢谢大家关注。', hoursAgo: 30, priceFen: 8000, sold: true, likedBy: [] },
  { n: 5, by: 2, kind: 'lost', text: '今天早上在3号楼门口捡到一串钥匙，挂着蓝色小熊挂件，已交到物业前台，失主请到前台认领。', hoursAgo: 4, likedBy: ['resident', 0, 3, 4] },
  { n: 6, by: 3, kind: 'carpool', text: '工作日每天早上8点从小区南门开车去望京SOHO，可顺路捎2位邻居，分摊油费即可。', hoursAgo: 26, likedBy: [2] },
  { n: 7, by: 4, kind: 'other', text: '地下车位出租，B2层靠近电梯，月租600元，长租优先，有意的邻居评论区联系。', hoursAgo: 50, likedBy: [] },
  { n: 8, by: 'admin', kind: 'notice', text: '垃圾分类提醒：厨余垃圾请破袋投放，大件垃圾请于每周三晚上放到东门指定地点，谢谢配合。', hoursAgo: 72, likedBy: [0, 1] },
];

interface DemoComment {
  n: number;
  post: number;
  by: Who;
  text: string;
  hoursAgo: number;
  /** Answers this comment (its thread is the top-level one it belongs to). */
  replyTo?: number;
}
const COMMENTS: DemoComment[] = [
  { n: 1, post: 2, by: 3, text: '我家有，晚上7点后来12号楼拿吧。', hoursAgo: 1.5 },
  { n: 2, post: 2, by: 'resident', text: '太感谢了！晚上过去拿。', hoursAgo: 1.2, replyTo: 1 },
  { n: 3, post: 3, by: 1, text: '请问还在吗？想周末去看看。', hoursAgo: 6 },
  { n: 4, post: 3, by: 0, text: '在的，周六上午都在家。', hoursAgo: 5.5, replyTo: 3 },
  { n: 5, post: 1, by: 2, text: '收到，谢谢物业提醒！', hoursAgo: 4 },
  { n: 6, post: 7, by: 'resident', text: '车位还在吗？可以先看看吗？', hoursAgo: 40 },
];

/** Idempotent: fixed ids, so a second run finds the rows and adds nothing. */
export async function seedDemoBoard(tx: Tx, ids: { admin: string; manager: string; resident: string; neighbours: string[] }, now: Date) {
  const who = (w: Who) => (typeof w === 'number' ? ids.neighbours[w]! : ids[w]);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  await tx
    .insert(t.boardPosts)
    .values(
      POSTS.map((p) => ({
        id: postId(p.n),
        poiId: HOME,
        authorId: who(p.by),
        kind: p.kind,
        text: p.text,
        priceFen: p.priceFen ?? null,
        sold: p.sold ?? false,
        status: 'visible',
        pinnedUntil: p.pinnedDays ? endOfBeijingDay(addDays(beijingDate(now), p.pinnedDays)) : null,
        likeCount: p.likedBy.length,
        commentCount: COMMENTS.filter((c) => c.post === p.n).length,
        searchTerms: searchTermsOf(p.text),
        createdAt: at(p.hoursAgo),
      })),
    )
    .onConflictDoNothing();
  const byN = new Map(COMMENTS.map((c) => [c.n, c]));
  await tx
    .insert(t.boardComments)
    .values(
      COMMENTS.map((c) => {
        const answered = c.replyTo ? byN.get(c.replyTo)! : null;
        return {
          id: commentId(c.n),
          postId: postId(c.post),
          poiId: HOME,
          authorId: who(c.by),
          replyTo: answered ? commentId(answered.replyTo ?? answered.n) : null,
          replyToAuthorId: answered ? who(answered.by) : null,
          text: c.text,
          status: 'visible',
          searchTerms: searchTermsOf(c.text),
          createdAt: at(c.hoursAgo),
        };
      }),
    )
    .onConflictDoNothing();
  await tx
    .insert(t.boardLikes)
    .values(POSTS.flatMap((p) => p.likedBy.map((w) => ({ postId: postId(p.n), userId: who(w), createdAt: at(p.hoursAgo / 2) }))))
    .onConflictDoNothing();
  const authors = new Set([...POSTS.map((p) => who(p.by)), ...COMMENTS.map((c) => who(c.by))]);
  await tx
    .insert(t.boardRuleAcceptances)
    .values([...authors].map((userId) => ({ poiId: HOME, userId, acceptedAt: at(100) })))
    .onConflictDoNothing();
}
