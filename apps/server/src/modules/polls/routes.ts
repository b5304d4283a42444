import { createPoll } from '@sq/contract/polls/create-poll';
import { getPoll } from '@sq/contract/polls/get-poll';
import { listPolls } from '@sq/contract/polls/list-polls';
import { votePoll } from '@sq/contract/polls/vote-poll';
import { AppError } from '../../lib/errors';
import type { RouteKit } from '../../lib/route-kit';
import type { AuthService } from '../auth/service';
import { tokenFromRequest } from '../auth/token-source';
import type { PollsService } from './service';

export function pollsRoutes(kit: RouteKit, auth: AuthService, polls: PollsService) {
  kit.authed(createPoll, ({ caller, body }) => polls.create(caller, body));
  // 423/424 before anything else: the page sends an anonymous voter to log in (spec §6).
  kit.authed(votePoll, ({ caller, body }) => polls.vote(caller, body));
  kit.authed(listPolls, ({ caller, query }) => polls.list(caller, query.page));

  // Anyone may look at a poll; a valid token only adds what this user chose. A missing or stale
  // token is an anonymous viewer here: the vote itself answers 423/424.
  kit.open(getPoll, async ({ req }) => {
    const viewer = await auth.authenticate(tokenFromRequest(req)).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
    return polls.detail(viewer?.userId ?? null, (req.params as { id: string }).id);
  });
}
