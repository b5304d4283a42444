import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZImage, ZImageHash } from '../images/upload-image';
import { ZPoiId } from '../poi-id';
import { ALBUM_DECISIONS, ALBUM_PHOTOS_PER_REQUEST, ALBUM_REASON_MAX_CHARS, AlbumMsg } from './album-rules';

/** An opaque keyset cursor a page hands back for the next one. */
const ZCursor = z.string({ error: AlbumMsg.cursor }).max(200, AlbumMsg.cursor).optional();
const ZReason = z.string({ error: AlbumMsg.reasonTooLong }).trim().max(ALBUM_REASON_MAX_CHARS, AlbumMsg.reasonTooLong).default('');

/** One photo of an album as a reader sees it. */
export const ZAlbumPhoto = /*#__PURE__*/ ZImage.extend({
  id: z.string(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  /** The caller uploaded it (may delete it). */
  mine: z.boolean(),
  /** The caller asked for its removal already (the button shows 已申请). */
  asked: z.boolean(),
});
export type AlbumPhoto = z.output<typeof ZAlbumPhoto>;

/** An album on the community's albums page: its event, cover (the newest photo) and count. */
export const ZAlbumCard = /*#__PURE__*/ z.object({
  eventId: z.string(),
  title: z.string(),
  /** Unix seconds. */
  startsAt: z.number().int(),
  cover: ZImage,
  count: z.number().int(),
});
export type AlbumCard = z.output<typeof ZAlbumCard>;

/** /albums: the community's albums, the latest events first. */
export const listAlbums = defineEndpoint({
  method: 'GET',
  path: '/v1/albums',
  summary: '社区相册（有照片的活动）',
  query: z.object({ poiId: ZPoiId, cursor: ZCursor }),
  data: z.object({ albums: z.array(ZAlbumCard), next: z.string().nullable() }),
});

/** /albums?event=: one event's photos, newest first, and whether (and how many more) the caller may add. */
export const getAlbum = defineEndpoint({
  method: 'GET',
  path: '/v1/albums/:id',
  summary: '活动相册',
  query: z.object({ cursor: ZCursor }),
  data: z.object({
    event: z.object({ id: z.string(), poiId: z.string(), title: z.string(), startsAt: z.number().int(), endsAt: z.number().int(), count: z.number().int() }),
    photos: z.array(ZAlbumPhoto),
    next: z.string().nullable(),
    /** Whether the caller may add photos now; `why` says why not (shown instead of the button). */
    canAdd: z.boolean(),
    why: z.string().nullable(),
    /** Photos the caller may still add to this album. */
    left: z.number().int(),
    /** The caller is a manager or administrator of the community: 删除 on every photo (removeAlbumPhoto). */
    canModerate: z.boolean(),
  }),
});

/** Adds uploaded photos (images module, purpose `album`) to the event's album. */
export const addAlbumPhotos = defineEndpoint({
  method: 'POST',
  path: '/v1/albums/:id/photos',
  summary: '上传照片到活动相册',
  body: z.object({
    images: z.array(ZImageHash, { error: AlbumMsg.imagesRequired }).min(1, AlbumMsg.imagesRequired).max(ALBUM_PHOTOS_PER_REQUEST, AlbumMsg.tooManyAtOnce),
  }),
  data: z.object({ photos: z.array(ZAlbumPhoto), left: z.number().int() }),
});

/** The uploader deletes their own photo (gone at once; its requests with it). */
export const deleteAlbumPhoto = defineEndpoint({
  method: 'POST',
  path: '/v1/albums/photos/:id/delete',
  summary: '删除自己上传的照片',
  data: z.object({ deleted: z.literal(true) }),
});

/** "This photo shows me": once per person per photo; the community's staff are told. */
export const askPhotoRemoval = defineEndpoint({
  method: 'POST',
  path: '/v1/albums/photos/:id/removal',
  summary: '申请删除含本人的照片',
  body: z.object({ reason: ZReason }),
  data: z.object({ asked: z.literal(true) }),
});

/** One open request in the staff's queue: the photo, its album, who asked (screen name) and why. */
export const ZRemovalRequest = /*#__PURE__*/ z.object({
  photoId: z.string(),
  photo: ZImage,
  eventId: z.string(),
  eventTitle: z.string(),
  /** Screen name of who asked, and their openId (what `decideRemoval` names them by). */
  requester: z.string(),
  requesterOpenId: z.string(),
  reason: z.string(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  /** Open requests on the same photo (several people in one picture). */
  others: z.number().int(),
});
export type RemovalRequest = z.output<typeof ZRemovalRequest>;

/** The community's open removal requests, oldest first (staff). */
export const listRemovalRequests = defineEndpoint({
  method: 'GET',
  path: '/v1/manage/albums/requests',
  summary: '照片删除申请（待处理）',
  query: z.object({ poiId: ZPoiId, cursor: ZCursor }),
  data: z.object({ requests: z.array(ZRemovalRequest), next: z.string().nullable() }),
});

/** Staff remove the photo (every open request on it is answered) or keep it (this request). Audited. */
export const decideRemoval = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/albums/requests/decide',
  summary: '处理照片删除申请',
  body: z.object({
    poiId: ZPoiId,
    photoId: z.string({ error: AlbumMsg.photoNotFound }).max(64, AlbumMsg.photoNotFound),
    /** Whose request is answered by `keep` (its openId); `remove` answers all on the photo. */
    requester: z.string({ error: AlbumMsg.photoNotFound }).max(64, AlbumMsg.photoNotFound),
    decision: z.enum(ALBUM_DECISIONS, { error: AlbumMsg.decision }),
    note: ZReason,
  }),
  data: z.object({ decision: z.enum(ALBUM_DECISIONS) }),
});

/**
 * A manager or administrator removes any photo of the album – one nobody asked about (a child's
 * face, a wrong event): the uploader is told why, open requests on it are answered. Audited.
 */
export const removeAlbumPhoto = defineEndpoint({
  method: 'POST',
  path: '/v1/manage/albums/photos/:id/remove',
  summary: '删除相册照片（管理人员）',
  body: z.object({ note: z.string({ error: AlbumMsg.removeReason }).trim().min(1, AlbumMsg.removeReason).max(ALBUM_REASON_MAX_CHARS, AlbumMsg.removeReason) }),
  data: z.object({ removed: z.literal(true) }),
});
