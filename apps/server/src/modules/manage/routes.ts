import { addStaff } from '@sq/contract/manage/add-staff';
import { deleteStaff } from '@sq/contract/manage/delete-staff';
import { getManagedCommunities } from '@sq/contract/manage/get-managed-communities';
import { listStaff } from '@sq/contract/manage/list-staff';
import type { RouteKit } from '../../lib/route-kit';
import type { ManageService } from './service';

export function manageRoutes(kit: RouteKit, manage: ManageService) {
  kit.authed(getManagedCommunities, ({ caller }) => manage.managedCommunities(caller));
  kit.authed(listStaff, ({ caller, query }) => manage.listStaff(caller, query.poiId));
  kit.authed(addStaff, ({ caller, body }) => manage.addStaff(caller, body));
  kit.authed(deleteStaff, ({ caller, body }) => manage.removeStaff(caller, body));
}
