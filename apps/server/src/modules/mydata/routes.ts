import { deleteMyAccount } from '@sq/contract/mydata/delete-my-account';
import { unbindWechat } from '@sq/contract/mydata/unbind-wechat';
import { deleteMyRegistration } from '@sq/contract/mydata/delete-my-registration';
import { exportMyData } from '@sq/contract/mydata/export-my-data';
import { getMyData } from '@sq/contract/mydata/get-my-data';
import type { RouteKit } from '../../lib/route-kit';
import type { MyDataService } from './service';

export function myDataRoutes(kit: RouteKit, mydata: MyDataService) {
  kit.authed(getMyData, ({ caller }) => mydata.get(caller));
  kit.authed(exportMyData, async ({ caller, query, reply }) => {
    await mydata.export(caller, query.format, reply);
    return null as never;
  });
  kit.authed(deleteMyRegistration, ({ caller, body }) => mydata.deleteRegistration(caller, body.poiId));
  kit.authed(deleteMyAccount, ({ caller }) => mydata.deleteAccount(caller));
  kit.authed(unbindWechat, ({ caller }) => mydata.unbindWechat(caller));
}
