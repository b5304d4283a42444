/**
 * 社区相册 (issue 34 item 4): who adds photos, how many, and the messages people read. Free of zod
 * (the albums' first load shares these). Decisions: docs/decisions/albums-and-spaces.md.
 */

/** Photos one person may add to one event's album: a phone's best shots, not its whole roll. */
export const ALBUM_PHOTOS_PER_PERSON = 30;
/** Photos added in one request (the picker's selection). */
export const ALBUM_PHOTOS_PER_REQUEST = 9;
/** Photos on one page of an album, newest first. */
export const ALBUM_PAGE_SIZE = 30;
/** Albums (events with photos) on one page of the community's albums. */
export const ALBUMS_PAGE_SIZE = 20;
/** Open removal requests on one page of the staff's queue. */
export const ALBUM_REQUESTS_PAGE_SIZE = 30;
/** What a removal request's reason and staff's note may hold. */
export const ALBUM_REASON_MAX_CHARS = 100;
/**
 * A removed photo is kept hidden this long (a complaint, a mistaken removal), then deleted with its
 * requests by the retention job: the board's period (BOARD_HIDDEN_KEEP_MONTHS) is for speech; a
 * photo of a person is theirs to have gone, so a month.
 */
export const ALBUM_REMOVED_KEEP_DAYS = 30;

/** What staff do with a removal request: take the photo down (uploader and requester told) or keep it (requester told). */
export const ALBUM_DECISIONS = ['remove', 'keep'] as const;
export type AlbumDecision = (typeof ALBUM_DECISIONS)[number];

export const AlbumMsg = {
  notFound: '相册不存在或活动已删除',
  photoNotFound: '照片不存在或已删除',
  notJoined: '请先加入该社区',
  notStarted: '活动开始后才能上传照片',
  notAllowed: '只有活动的工作人员和参加者可以上传照片',
  attendeesOff: '本活动只允许工作人员上传照片',
  imagesRequired: '请选择要上传的照片',
  tooManyAtOnce: `每次最多上传${ALBUM_PHOTOS_PER_REQUEST}张照片`,
  tooMany: `每人每个活动最多上传${ALBUM_PHOTOS_PER_PERSON}张照片`,
  imageNotFound: '照片已失效，请重新上传',
  notUploader: '只能删除自己上传的照片',
  reasonTooLong: `原因不能超过${ALBUM_REASON_MAX_CHARS}字`,
  alreadyAsked: '您已申请删除这张照片，工作人员会尽快处理',
  ownPhoto: '这是您上传的照片，可以直接删除',
  notStaff: '只有本社区的工作人员可以处理删除申请',
  handled: '该申请已处理，请刷新',
  decision: '请选择处理方式',
  removeReason: `请填写删除原因（${ALBUM_REASON_MAX_CHARS}字以内，会告知上传者）`,
  cursor: '参数不正确',
} as const;

/** The words a notice (photoRemoval) carries for each outcome: `reason` of notificationText. */
export const AlbumNotice = {
  /** To the staff of the community: someone asked. */
  asked: '有居民申请删除一张照片，请在场地与相册管理中处理',
  removedForRequester: '您申请删除的照片已删除',
  removedForUploader: '您上传的一张照片因有居民申请已被工作人员删除',
  kept: '您申请删除的照片经工作人员核实后保留',
  /** To the uploader when staff removed a photo nobody asked about; the reason follows. */
  removedByStaff: '您上传的一张照片已被工作人员删除：',
} as const;
