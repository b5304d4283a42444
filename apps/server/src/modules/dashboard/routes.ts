import { getDashboard } from '@sq/contract/dashboard/get-dashboard';
import type { RouteKit } from '../../lib/route-kit';
import type { DashboardService } from './service';

export function dashboardRoutes(kit: RouteKit, dashboard: DashboardService) {
  kit.authed(getDashboard, ({ caller, body }) => dashboard.dashboard(caller, body.poiId));
}
