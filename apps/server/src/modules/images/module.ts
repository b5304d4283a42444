import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuthService } from '../auth/service';
import { createImagesRepo } from './repo';
import { imagesRoutes } from './routes';
import { createImagesService } from './service';

/** 图片 composed: repo → service → routes (the upload's body parser: plugins/image-body.ts). */
export function registerImages(kit: RouteKit, deps: { db: Db; auth: AuthService; access: AccessService; now: () => Date }) {
  imagesRoutes(kit, deps.auth, createImagesService({ db: deps.db, repo: createImagesRepo(deps.db), access: deps.access, now: deps.now }));
}
