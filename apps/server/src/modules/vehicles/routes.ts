import { logVehicle, searchVehicle } from '@sq/contract/vehicles/gate-vehicles';
import { addMyPlate, listMyPlates, removeMyPlate } from '@sq/contract/vehicles/my-plates';
import type { RouteKit } from '../../lib/route-kit';
import type { VehicleService } from './service';

export function vehicleRoutes(kit: RouteKit, vehicles: VehicleService) {
  kit.authed(listMyPlates, ({ caller, body }) => vehicles.mine(caller, body.poiId));
  kit.authed(addMyPlate, ({ caller, body }) => vehicles.add(caller, body.poiId, body.plate));
  kit.authed(removeMyPlate, ({ caller, body }) => vehicles.remove(caller, body.poiId, body.plate));
  kit.authed(searchVehicle, ({ caller, body }) => vehicles.search(caller, body.poiId, body.plate));
  kit.authed(logVehicle, ({ caller, body }) => vehicles.log(caller, body.poiId, body.plate, body.pass));
}
