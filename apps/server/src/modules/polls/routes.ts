import { checkReceipt } from '@sq/contract/polls/check-receipt';
import { createPoll } from '@sq/contract/polls/create-poll';
import { getPoll } from '@sq/contract/polls/get-poll';
import { listCommunityPolls } from '@sq/contract/polls/list-community-polls';
import { listOwnerPolls } from '@sq/contract/polls/list-owner-polls';
import { listPolls } from '@sq/contract/polls/list-polls';
import { exportPoll, getPollUnits } from '@sq/contract/polls/poll-units';
import { listReceipts } from '@sq/contract/polls/list-receipts';
import { cancelOwnersVote, extendOwnersVote } from '@sq/contract/polls/owners-procedure';
import { votePoll } from '@sq/contract/polls/vote-poll';
import { beijingDate } from '@sq/contract/beijing-time';
import { AppError } from '../../lib/errors';
import type { RouteKit } from '../../lib/route-kit';
import { attachment } from '../../lib/xlsx/attachment';
import type { AuthService } from '../auth/service';
import { tokenFromRequest } from '../auth/token-source';
import { resultWorkbook } from './result-workbook';
import type { ExportProcedure } from './procedure-service';
import type { PollsService } from './service';
import type { PaperProxyService } from './paper-proxy-service';
import type { PhotoCookie } from '../images/photo-cookie';
import { enterPaperBallot, getBallotDesk, myProxies, nameProxy, recordWrittenProxy, voidPaperBallot, withdrawProxy, withdrawWrittenProxy } from '@sq/contract/polls/paper-proxy';

export function pollsRoutes(kit: RouteKit, auth: AuthService, polls: PollsService, procedureOf?: (pollId: string) => Promise<ExportProcedure>) {
  kit.authed(createPoll, ({ caller, body }) => polls.create(caller, body));
  // 423/424 before anything else: the page sends an anonymous voter to log in (spec §6).
  kit.authed(votePoll, ({ caller, body }) => polls.vote(caller, body));
  kit.authed(listPolls, ({ caller, query }) => polls.list(caller, query.page));
  kit.authed(listCommunityPolls, ({ caller, query }) => polls.communityPolls(caller, query.poiId, query.page));
  kit.open(checkReceipt, ({ body }) => polls.checkReceipt(body));
  kit.authed(extendOwnersVote, ({ caller, req, body }) => polls.extend(caller, (req.params as { id: string }).id, body));
  kit.authed(cancelOwnersVote, ({ caller, req, body }) => polls.cancel(caller, (req.params as { id: string }).id, body));
  kit.authed(listOwnerPolls, ({ caller, body }) => polls.ofCommunity(caller, body.poiId));

  // Anyone may look at a plain poll; a valid token only adds what this user chose. A missing or
  // stale token is an anonymous viewer here: the vote itself answers 423/424. An owners' vote
  // asks for a login (its service answers 423 to nobody in particular).
  const viewer = (req: Parameters<typeof tokenFromRequest>[0]) =>
    auth.authenticate(tokenFromRequest(req)).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
  kit.open(getPoll, async ({ req }) => polls.detail(await viewer(req), (req.params as { id: string }).id));
  kit.open(getPollUnits, async ({ req }) => polls.units(await viewer(req), (req.params as { id: string }).id));
  kit.open(listReceipts, async ({ req }) => polls.receipts(await viewer(req), (req.params as { id: string }).id));

  kit.authed(exportPoll, async ({ caller, req, reply }) => {
    const { detail, units, community } = await polls.resultForExport(caller, (req.params as { id: string }).id);
    const procedure = detail.poll.owners && procedureOf ? await procedureOf(detail.poll._id) : null;
    const file = await resultWorkbook(detail, units, community, procedure);
    reply.hijack();
    attachment(reply, `${detail.poll.title}-投票结果-${beijingDate(new Date()).replaceAll('-', '')}.xlsx`);
    reply.raw.end(file);
    return null as never;
  });
}

/** 纸质票与委托 (issue 37 item 4). */
export function paperProxyRoutes(kit: RouteKit, s: PaperProxyService, photoCookie: PhotoCookie) {
  const id = (req: { params: unknown }) => (req.params as { id: string }).id;
  kit.authed(enterPaperBallot, ({ caller, req, body }) => s.enterPaper(caller, id(req), body));
  kit.authed(nameProxy, ({ caller, req, body }) => s.nameProxy(caller, id(req), body));
  kit.authed(recordWrittenProxy, ({ caller, req, body }) => s.recordWrittenProxy(caller, id(req), body));
  kit.authed(voidPaperBallot, ({ caller, req, body }) => s.voidPaper(caller, id(req), body));
  kit.authed(withdrawProxy, ({ caller, req }) => s.withdrawProxy(caller, id(req)));
  kit.authed(withdrawWrittenProxy, ({ caller, req, body }) => s.withdrawWrittenProxy(caller, id(req), body));
  kit.authed(myProxies, ({ caller, req }) => s.myProxies(caller, id(req)));
  // It lists photos: their <img> need the cookie (images/photo-cookie.ts).
  kit.authed(getBallotDesk, ({ caller, req, reply }) => (photoCookie(req, reply), s.desk(caller, id(req))));
}
