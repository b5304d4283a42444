import { createInfo } from '@sq/contract/info/create-info';
import { listInfos } from '@sq/contract/info/list-infos';
import { listMine } from '@sq/contract/info/list-mine';
import { listPending } from '@sq/contract/info/list-pending';
import { listTypes } from '@sq/contract/info/list-types';
import { reportInfo } from '@sq/contract/info/report-info';
import { reviewStatus } from '@sq/contract/info/review-status';
import { reviewSubmission } from '@sq/contract/info/review-submission';
import type { RouteKit } from '../../lib/route-kit';
import type { InfoService } from './service';

/** /v1/communityInfo/…: contact entries, residents' suggestions and their review. */
export function infoRoutes(kit: RouteKit, info: InfoService) {
  kit.open(listInfos, ({ query }) => info.list(query, query.page));
  kit.open(listTypes, () => info.types());
  kit.authed(createInfo, ({ caller, body }) => info.create(caller, body));
  kit.authed(reportInfo, ({ caller, body }) => info.report(caller, body));
  kit.authed(listPending, ({ caller, query }) => info.pending(caller, query));
  kit.authed(reviewStatus, ({ caller, query }) => info.reviewStatus(caller, query));
  kit.authed(listMine, ({ caller, query }) => info.mine(caller, query.poiId));
  kit.authed(reviewSubmission, ({ caller, body }) => info.review(caller, body.id, body.status));
}
