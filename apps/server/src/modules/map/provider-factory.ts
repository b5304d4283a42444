import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { amapProvider } from './amap-provider';
import { localMapProvider } from './local-provider';
import type { MapProvider } from './provider';
import { createLocalMapRepo } from './repo';

/** The configured map provider (MAP_PROVIDER): seeded tables by default, AMap with a key. */
export function createMapProvider(config: Config, db: Db, log: (msg: string) => void): MapProvider {
  if (config.MAP_PROVIDER === 'amap') return amapProvider({ key: config.AMAP_KEY!, baseUrl: config.AMAP_BASE_URL, log });
  return localMapProvider(createLocalMapRepo(db));
}
