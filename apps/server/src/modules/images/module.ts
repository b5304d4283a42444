import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuthService } from '../auth/service';
import { createImageReader } from './read';
import { createImagesRepo } from './repo';
import { imagesRoutes } from './routes';
import { createImagesService } from './service';
import type { ImageStore } from './store';

/** 图片 composed: repo and store → service → routes (the upload's body parser: plugins/image-body.ts). */
export function registerImages(kit: RouteKit, deps: { db: Db; store: ImageStore; auth: AuthService; access: AccessService; now: () => Date }) {
  const repo = createImagesRepo(deps.db);
  const read = createImageReader(repo, deps.store);
  imagesRoutes(kit, deps.auth, createImagesService({ db: deps.db, repo, store: deps.store, read, access: deps.access, now: deps.now }));
}
