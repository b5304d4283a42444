import { WebRoute } from '@sq/contract/routes';
import type { BoardKind } from '@sq/contract/board/board-rules';

const q = encodeURIComponent;

/** The board's addresses, in one place: links in the wild (shares) use them. */
export const boardLinks = {
  feed: (poiId?: string | null) => (poiId ? `${WebRoute.board}?poiId=${q(poiId)}` : WebRoute.board),
  post: (id: string) => `${WebRoute.boardPost}?id=${q(id)}`,
  refresh: (id: string) => `${WebRoute.boardPostRefresh}?id=${q(id)}`,
  person: (openId: string) => `${WebRoute.boardPerson}/${q(openId)}`,
  publish: (editId?: string) => (editId ? `${WebRoute.boardPublish}?id=${q(editId)}` : WebRoute.boardPublish),
  results: (keyword: string, kind?: BoardKind | null) =>
    `${WebRoute.boardSearchList}?keyword=${q(keyword)}${kind ? `&kind=${q(kind)}` : ''}`,
};
