import { answerObjection, listObjections, sendObjection } from '@sq/contract/polls/owners-objections';
import { correctRoll } from '@sq/contract/polls/owners-corrections';
import { addCommitteeMember, addOfficer, getCommittee, getOwnersSettings, getProcedure, removeCommitteeMember, removeOfficer, saveOwnersSettings } from '@sq/contract/polls/owners-roles';
import { getOwnersStart } from '@sq/contract/polls/owners-start';
import type { RouteKit } from '../../lib/route-kit';
import type { ProcedureService } from './procedure-service';

/** The procedure of owners' votes: 业主委员会, notice period, 计票人/监票人, roll corrections, objections. */
export function procedureRoutes(kit: RouteKit, procedure: ProcedureService) {
  const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;
  kit.authed(getOwnersStart, ({ caller, query }) => procedure.startInfo(caller, query.poiId));
  kit.authed(getCommittee, ({ caller, query }) => procedure.committee(caller, query.poiId));
  kit.authed(addCommitteeMember, ({ caller, body }) => procedure.addMember(caller, body));
  kit.authed(removeCommitteeMember, ({ caller, body }) => procedure.removeMember(caller, body));
  kit.authed(getOwnersSettings, ({ caller, query }) => procedure.settings(caller, query.poiId));
  kit.authed(saveOwnersSettings, ({ caller, body }) => procedure.saveSettings(caller, body));
  kit.authed(addOfficer, ({ caller, req, body }) => procedure.addOfficer(caller, idOf(req), body));
  kit.authed(removeOfficer, ({ caller, req, body }) => procedure.removeOfficer(caller, idOf(req), body));
  kit.authed(getProcedure, ({ caller, req }) => procedure.procedure(caller, idOf(req)));
  kit.authed(correctRoll, ({ caller, req, body }) => procedure.correct(caller, idOf(req), body));
  kit.authed(sendObjection, ({ caller, req, body }) => procedure.sendObjection(caller, idOf(req), body));
  kit.authed(listObjections, ({ caller, req }) => procedure.objections(caller, idOf(req)));
  kit.authed(answerObjection, ({ caller, req, body }) => procedure.answer(caller, idOf(req), body));
}
