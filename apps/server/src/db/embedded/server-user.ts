import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The operating-system account the PostgreSQL server runs as; undefined = this process's own. */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

/** The account the embedded server runs as when the app is started as root. */
const ACCOUNT = 'postgres';

function lookUp(name: string): ServerUser | null {
  try {
    const line = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim();
    const [, , uid, gid] = line.split(':');
    return { name, uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root, and many small servers (and these machines) run everything as
 * root. Then the server runs as the system account `postgres`: the one a PostgreSQL package made,
 * or one created here (no home, no login shell). As any other user it runs as that user.
 */
export function serverUser(say: (msg: string) => void): ServerUser | undefined {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  const found = lookUp(ACCOUNT);
  if (found) return found;
  const attempts: [string, string[]][] = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', ACCOUNT]],
    ['adduser', ['-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', ACCOUNT]],
  ];
  for (const [cmd, args] of attempts) {
    try {
      execFileSync(cmd, args, { stdio: 'ignore' });
      const made = lookUp(ACCOUNT);
      if (made) {
        say(`Started as root: created the system account "${ACCOUNT}" (no login) to run the embedded PostgreSQL, which refuses root.`);
        return made;
      }
    } catch {
      /* try the next tool */
    }
  }
  throw new Error(
    `Started as root, and PostgreSQL refuses to run as root: create a system account named "${ACCOUNT}" ` +
      '(useradd --system postgres), or start the app as a normal user.',
  );
}

/** Whether `user` may pass through (search) directory `dir`, from its mode bits. */
function canTraverse(dir: string, user: ServerUser): boolean {
  const st = fs.statSync(dir);
  if (st.uid === user.uid) return (st.mode & 0o100) !== 0;
  if (st.gid === user.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/**
 * The server account must reach the shipped binaries and the data directory, so every directory
 * above them must let it pass. Where one does not (a checkout under /root, a 0700 temporary
 * folder), only the "others may pass through" bit is added – no one gains the right to list or
 * read it – and the change is said, not hidden.
 */
export function letServerReach(target: string, user: ServerUser, say: (msg: string) => void) {
  const changed: string[] = [];
  let dir = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of chain) {
    if (canTraverse(d, user)) continue;
    fs.chmodSync(d, fs.statSync(d).mode | 0o001);
    changed.push(d);
  }
  if (changed.length) {
    say(`Let the database account "${user.name}" pass through (chmod o+x, no reading): ${changed.join(', ')}`);
  }
}
