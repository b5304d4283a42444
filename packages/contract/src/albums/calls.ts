import { callOf } from '../endpoint';
import type { addAlbumPhotos, askPhotoRemoval, decideRemoval, deleteAlbumPhoto, getAlbum, listAlbums, listRemovalRequests, removeAlbumPhoto } from './albums';

/** 社区相册's calls, free of zod (see polls/calls.ts for why). */
export const listAlbumsCall = callOf<typeof listAlbums>('GET', '/v1/albums');
export const getAlbumCall = callOf<typeof getAlbum>('GET', '/v1/albums/:id');
export const addAlbumPhotosCall = callOf<typeof addAlbumPhotos>('POST', '/v1/albums/:id/photos');
export const deleteAlbumPhotoCall = callOf<typeof deleteAlbumPhoto>('POST', '/v1/albums/photos/:id/delete');
export const askPhotoRemovalCall = callOf<typeof askPhotoRemoval>('POST', '/v1/albums/photos/:id/removal');
export const listRemovalRequestsCall = callOf<typeof listRemovalRequests>('GET', '/v1/manage/albums/requests');
export const decideRemovalCall = callOf<typeof decideRemoval>('POST', '/v1/manage/albums/requests/decide');
export const removeAlbumPhotoCall = callOf<typeof removeAlbumPhoto>('POST', '/v1/manage/albums/photos/:id/remove');
