import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import type { RouteKit } from '../../lib/route-kit';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { AuthService } from '../auth/service';
import type { PhotoCookie } from '../images/photo-cookie';
import { createImageUses } from '../images/uses';
import { createPollListRepo } from './list-repo';
import { createOwnersRepo } from './owners-repo';
import { createProcedureRepo } from './procedure-repo';
import { procedureRoutes } from './procedure-routes';
import { createProcedureService } from './procedure-service';
import { createPaperProxyRepo } from './paper-proxy-repo';
import { createPaperProxyService, refusedBallots } from './paper-proxy-service';
import { createPollsRepo } from './repo';
import { paperProxyRoutes, pollsRoutes } from './routes';
import { createSecretRepo } from './secret-repo';
import { createPollsService, type OwnersNotices } from './service';

/** Polls composed (repo → service → routes), so app.ts registers them with one line. */
export function registerPolls(kit: RouteKit, deps: { db: Db; auth: AuthService; access: AccessService; audit: AuditRepo; pii: PiiCipher; photoCookie: PhotoCookie; now: () => Date; notices?: OwnersNotices }) {
  const owners = createOwnersRepo(deps.db);
  const secret = createSecretRepo(deps.db);
  const repo = createPollsRepo(deps.db, { owners, secret });
  const procedure = createProcedureService({ repo: createProcedureRepo(deps.db), polls: repo, owners, access: deps.access, audit: deps.audit, pii: deps.pii, now: deps.now, notices: deps.notices });
  const desk = createPaperProxyRepo(deps.db);
  const polls = createPollsService({
    repo,
    lists: createPollListRepo(deps.db),
    owners,
    secret,
    access: deps.access,
    audit: deps.audit,
    now: deps.now,
    notices: deps.notices,
    roles: procedure.roles,
    refused: refusedBallots(desk),
  });
  pollsRoutes(kit, deps.auth, polls, (pollId) => procedure.forExport(pollId));
  procedureRoutes(kit, procedure);
  paperProxyRoutes(kit, createPaperProxyService({ polls, repo, desk, secret, access: deps.access, audit: deps.audit, images: createImageUses(), pii: deps.pii, notices: deps.notices, now: deps.now }), deps.photoCookie);
}
