import { MOBILE_PATTERN, maskMobile } from '@sq/contract/rules';
import { loadConfig } from '../config';
import { openStore } from '../db/open';
import { createAdminRepo } from '../modules/manage/admin-repo';

const USAGE = `Usage: npm run admin -- <command>

  grant-admin <mobile> <poiId>     make the person an administrator of the community
  revoke-admin <mobile> <poiId>    take it back
  grant-operator <mobile>          let the person moderate street-level info
  revoke-operator <mobile>         take it back
  list-admins                      show every community administrator (mobiles masked)

The person must have logged in once with the mobile. With the embedded database, stop the server
first (one process per DATA_DIR); with DATABASE_URL it may keep running.`;

class UsageError extends Error {}

async function run(args: string[]): Promise<string> {
  const [command, mobile, poiId] = args;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const store = await openStore(loadConfig());
  try {
    const repo = createAdminRepo(store.database.db);
    if (command === 'list-admins') {
      const rows = await repo.admins();
      return rows.length ? rows.map((r) => `${maskMobile(store.pii.decrypt(r.mobileEnc))}  ${r.username}  ${r.poiId} ${r.community}`).join('\n') : 'No community administrators.';
    }
    if (!mobile || !MOBILE_PATTERN.test(mobile)) throw new UsageError(`A mainland mobile number is needed.\n\n${USAGE}`);
    const user = await repo.userByMobileHash(store.pii.hash(mobile));
    if (!user) throw new UsageError(`No one has logged in with ${maskMobile(mobile)} yet: ask them to log in once first.`);
    switch (command) {
      case 'grant-admin':
      case 'revoke-admin': {
        if (!poiId) throw new UsageError(`A poiId is needed.\n\n${USAGE}`);
        const community = await repo.communityName(poiId);
        if (!community) throw new UsageError(`There is no community ${poiId}.`);
        if (command === 'grant-admin') {
          await repo.grantAdmin(user.id, poiId);
          return `${user.username} (${maskMobile(mobile)}) now administers ${community} (${poiId}).`;
        }
        return (await repo.revokeAdmin(user.id, poiId))
          ? `${user.username} (${maskMobile(mobile)}) no longer administers ${community} (${poiId}).`
          : `${user.username} did not administer ${community}; nothing changed.`;
      }
      case 'grant-operator':
      case 'revoke-operator':
        await repo.setOperator(user.id, command === 'grant-operator');
        return `${user.username} (${maskMobile(mobile)}) is ${command === 'grant-operator' ? 'now' : 'no longer'} a platform operator.`;
      default:
        throw new UsageError(`Unknown command ${command}.\n\n${USAGE}`);
    }
  } finally {
    await store.close();
  }
}

run(process.argv.slice(2)).then(
  (out) => console.log(out),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(e instanceof UsageError ? 2 : 1);
  },
);
