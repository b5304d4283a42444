import { addAlbumPhotos, askPhotoRemoval, decideRemoval, deleteAlbumPhoto, getAlbum, listAlbums, listRemovalRequests, removeAlbumPhoto } from '@sq/contract/albums/albums';
import type { FastifyRequest } from 'fastify';
import type { RouteKit } from '../../lib/route-kit';
import type { PhotoCookie } from '../images/photo-cookie';
import type { AlbumsService } from './albums-service';
import type { RemovalService } from './removal-service';

const param = (req: FastifyRequest) => (req.params as Record<string, string>).id ?? '';

/** 社区相册 (/albums) and its removal requests (staff, /areamanage). Answers that list photos set the photo cookie. */
export function albumsRoutes(kit: RouteKit, s: { albums: AlbumsService; removal: RemovalService; photoCookie: PhotoCookie }) {
  kit.authed(listAlbums, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.albums.list(caller, query)));
  kit.authed(getAlbum, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.albums.get(caller, param(req), query)));
  kit.authed(addAlbumPhotos, ({ caller, body, req }) => s.albums.add(caller, param(req), body));
  kit.authed(deleteAlbumPhoto, ({ caller, req }) => s.albums.remove(caller, param(req)));
  kit.authed(askPhotoRemoval, ({ caller, body, req }) => s.removal.ask(caller, param(req), body));
  kit.authed(listRemovalRequests, ({ caller, query, req, reply }) => (s.photoCookie(req, reply), s.removal.queue(caller, query)));
  kit.authed(decideRemoval, ({ caller, body }) => s.removal.decide(caller, body));
  kit.authed(removeAlbumPhoto, ({ caller, body, req }) => s.removal.removeByStaff(caller, param(req), body));
}
