import { beijingDate } from '@sq/contract/beijing-time';
import { isValidPlate, maskPlate, normalisePlate, PlateMsg, PLATES_PER_REGISTRATION } from '@sq/contract/vehicles/plate-rules';
import type { PiiCipher } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import { isUsable, passState } from '../pass/pass-state';
import type { VehicleRepo } from './repo';

/** Who a vehicle without a registered plate is, in 出入记录. */
export const UNREGISTERED_VEHICLE = '未登记车辆';

/** 车辆: residents' plates, and the duty staff's plate look-up and vehicle log at the gate. */
export function createVehicleService(deps: { repo: VehicleRepo; access: AccessService; pii: PiiCipher; now: () => Date }) {
  const { repo, access, pii, now } = deps;

  function plateOf(input: unknown): string {
    const plate = normalisePlate(input);
    if (!plate) throw badRequest(PlateMsg.missing);
    if (!isValidPlate(plate)) throw badRequest(PlateMsg.invalid);
    return plate;
  }

  async function own(caller: Caller, poiId: string) {
    await access.requireCommunity(poiId);
    const registration = await repo.ownRegistration(poiId, caller.userId);
    if (!registration) throw notFound(PlateMsg.noRegistration);
    return registration;
  }

  const plates = async (registrationId: string) => ({ plates: (await repo.platesOf(registrationId)).map((p) => pii.decrypt(p.plateEnc)) });

  return {
    async mine(caller: Caller, poiId: string) {
      return plates((await own(caller, poiId)).id);
    },

    async add(caller: Caller, poiId: string, input: unknown) {
      const plate = plateOf(input);
      const registration = await own(caller, poiId);
      const result = await repo.add(
        { poiId, registrationId: registration.id, plateEnc: pii.encrypt(plate), plateHash: pii.hash(plate), plateMasked: maskPlate(plate) },
        PLATES_PER_REGISTRATION,
      );
      if (result === 'full') throw conflict(PlateMsg.tooMany);
      if (result === 'exists') throw conflict(PlateMsg.taken);
      return plates(registration.id);
    },

    async remove(caller: Caller, poiId: string, input: unknown) {
      const plate = plateOf(input);
      const registration = await own(caller, poiId);
      await repo.remove(registration.id, pii.hash(plate));
      return plates(registration.id);
    },

    async search(caller: Caller, poiId: string, input: unknown) {
      const scope = await access.requireStaff(caller, poiId);
      const plate = plateOf(input);
      const r = await repo.findByPlate(scope.poiId, pii.hash(plate));
      return {
        plate,
        vehicle: r && {
          _id: r.id,
          name: r.name,
          owner: r.owner,
          address: r.address,
          No: r.buildingNo,
          mobile: r.mobileMasked,
          status: r.status,
          usable: isUsable(passState(r, beijingDate(now())).ptype),
        },
      };
    },

    async log(caller: Caller, poiId: string, input: unknown, direction: number) {
      const scope = await access.requireStaff(caller, poiId);
      const plate = plateOf(input);
      const r = await repo.findByPlate(scope.poiId, pii.hash(plate));
      const line = await repo.log({
        poiId: scope.poiId,
        registrationId: r?.id ?? null,
        name: r?.name ?? UNREGISTERED_VEHICLE,
        mobileEnc: r?.mobileEnc ?? pii.encrypt(''),
        mobileMasked: r?.mobileMasked ?? '',
        owner: r?.owner ?? '车辆',
        direction,
        plateEnc: pii.encrypt(plate),
        plateMasked: maskPlate(plate),
        scannedBy: caller.userId,
      });
      return { _id: line.id, name: r?.name ?? UNREGISTERED_VEHICLE, plate, pass: direction, created_at: Math.floor(line.createdAt.getTime() / 1000) };
    },
  };
}
export type VehicleService = ReturnType<typeof createVehicleService>;
