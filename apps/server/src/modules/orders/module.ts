import type { Db } from '../../db/client';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import { createLeadersRepo } from '../groupbuys/leaders-repo';
import { createMyOrdersRepo } from './my-orders-repo';
import { createOrdersRepo } from './orders-repo';
import { createOrdersService } from './orders-service';
import { orderRoutes } from './routes';

/** Orders of group buys composed (repo → service → routes), so app.ts registers it with one line. */
export function registerOrders(kit: RouteKit, deps: { db: Db; access: AccessService; now: () => Date }) {
  const { db, access, now } = deps;
  orderRoutes(kit, createOrdersService({ db, repo: createOrdersRepo(db), myOrders: createMyOrdersRepo(db), leaders: createLeadersRepo(db), access, now }));
}
