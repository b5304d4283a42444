import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freeLoopbackPort } from '../../lib/free-port';
import { findPostgresBinaries, type PostgresBinaries } from './binaries';
import { stopOrphanedServer } from './orphan';
import { letServerReach, serverUser, type ServerUser } from './server-user';

/**
 * A PostgreSQL server this process started on its data directory. If it dies (killed, out of
 * memory) it is started again on the same port, so the app's pool reconnects by itself; requests
 * meanwhile are answered 503.
 */
export interface EmbeddedPostgres {
  /** postgres://… of the app's database, loopback only, with the generated password. */
  url: string;
  /** The postmaster's pid now (it changes when the server is started again). */
  pid(): number;
  /** Fast shutdown (open transactions roll back, a checkpoint is written); resolves once it exited. */
  stop(): Promise<void>;
}

/** One run of the server process. */
interface ServerRun {
  url: string;
  pid: number;
  exited: Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedLayout {
  /** The PostgreSQL cluster (PGDATA). */
  cluster: string;
  /** The generated password of the `postgres` role, readable by the app's owner alone. */
  passwordFile: string;
  /** The server's own log (start-up, checkpoints, warnings): kept out of the app's log. */
  logFile: string;
}

export const embeddedLayout = (dataDir: string): EmbeddedLayout => ({
  cluster: path.join(dataDir, 'postgres'),
  passwordFile: path.join(dataDir, 'postgres.password'),
  logFile: path.join(dataDir, 'postgres.log'),
});

const APP_DATABASE = 'sq';
const SUPERUSER = 'postgres';

/**
 * Settings given on the command line, so they hold whatever postgresql.conf says. Durability is
 * PostgreSQL's default and stated anyway: a power cut in a property office must not lose a write
 * that was acknowledged. The server listens on loopback only, on a port chosen at each start, and
 * makes no Unix socket (its default folders may not be writable, and the port with a password is
 * the one way in). Failed statements are not written to the server's log: their text, their
 * error's message and its detail can hold personal data that a caller chose to send.
 */
function serverSettings(port: number): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    timezone: 'UTC',
    log_min_error_statement: 'panic',
    // A failed statement's ERROR line quotes values and its DETAIL repeats the key: the app logs
    // each failure itself without values (lib/log-redaction.ts); the server keeps LOG and worse.
    log_min_messages: 'log',
    log_error_verbosity: 'terse',
    log_timezone: 'UTC',
    max_connections: '100',
    shared_buffers: '64MB',
  };
  return Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

/**
 * postgres://… of the app's database on the embedded server that is running on `dataDir` now
 * (started by the app), from the port in its pid file; null when none runs.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const layout = embeddedLayout(dataDir);
  try {
    const lines = fs.readFileSync(path.join(layout.cluster, 'postmaster.pid'), 'utf8').split('\n');
    process.kill(Number(lines[0]), 0);
    const password = fs.readFileSync(layout.passwordFile, 'utf8').trim();
    return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${lines[3]!.trim()}/${APP_DATABASE}`;
  } catch {
    return null;
  }
}

/**
 * Starts (and on the first start, creates) the embedded PostgreSQL server of `dataDir`.
 * `choosePort` picks the loopback port of each attempt (tests make the first one taken).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  say: (msg: string) => void,
  choosePort: () => Promise<number> = freeLoopbackPort,
): Promise<EmbeddedPostgres> {
  const layout = embeddedLayout(dataDir);
  const bin = await findPostgresBinaries();
  const user = serverUser(say);
  fs.mkdirSync(dataDir, { recursive: true });
  if (user) {
    letServerReach(bin.root, user, say);
    letServerReach(dataDir, user, say);
  }
  if (!fs.existsSync(path.join(layout.cluster, 'PG_VERSION'))) {
    await createCluster(bin, layout, dataDir, user);
  }
  const password = fs.readFileSync(layout.passwordFile, 'utf8').trim();
  await stopOrphanedServer(layout.cluster, say);

  // The port is free when chosen, but another program may take it before the server binds it:
  // then the server stops at once saying so, and one more free port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort();
    const logStart = fs.existsSync(layout.logFile) ? fs.statSync(layout.logFile).size : 0;
    try {
      const first = await startOn(port, bin, layout, password, user);
      return supervise(first, () => startOn(port, bin, layout, password, user), layout.cluster, say);
    } catch (e) {
      if (attempt >= 2 || !(e instanceof ServerStoppedError) || !/could not (bind|create listen socket)/i.test(logSince(layout.logFile, logStart))) throw e;
      say(`Port ${port} was taken as the database server started; trying another.`);
    }
  }
}

const RESTART_DELAY_MS = { first: 200, max: 5_000 };

/**
 * Starts the server again whenever it ends without being asked to, on the same port (the pool's
 * URL stays valid), after a pause that grows while starts keep failing (backends of the dead
 * server still hold its shared memory for a moment; a full disk may take an operator).
 * PostgreSQL recovers from its WAL on that start, so every committed write is there.
 */
function supervise(first: ServerRun, startAgain: () => Promise<ServerRun>, cluster: string, say: (msg: string) => void): EmbeddedPostgres {
  let current = first;
  let stopping = false;
  let restarting: Promise<void> | null = null;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const restart = async () => {
    say('The embedded PostgreSQL stopped unexpectedly: starting it again.');
    for (let delay = RESTART_DELAY_MS.first; !stopping; delay = Math.min(delay * 2, RESTART_DELAY_MS.max)) {
      await sleep(delay);
      if (stopping) return;
      try {
        await stopOrphanedServer(cluster, say);
        current = await startAgain();
        watch(current);
        say(`The embedded PostgreSQL runs again (pid ${current.pid}).`);
        return;
      } catch (e) {
        say(`The embedded PostgreSQL could not be started again yet: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  };
  const watch = (run: ServerRun) =>
    void run.exited.then(() => {
      if (stopping || run !== current) return;
      restarting = restart().finally(() => (restarting = null));
    });
  watch(first);

  return {
    url: first.url,
    pid: () => current.pid,
    async stop() {
      stopping = true;
      await restarting;
      await current.stop();
    },
  };
}

async function startOn(port: number, bin: PostgresBinaries, layout: EmbeddedLayout, password: string, user: ServerUser | undefined): Promise<ServerRun> {
  const log = fs.openSync(layout.logFile, 'a', 0o600);
  // Its own process group: Ctrl-C in a terminal reaches the app, which then stops the server in
  // order (after closing its connections), instead of both racing to shut down.
  const child = spawn(bin.postgres, ['-D', layout.cluster, ...serverSettings(port)], {
    detached: true,
    stdio: ['ignore', log, log],
    env: serverEnv(),
    uid: user?.uid,
    gid: user?.gid,
  });
  fs.closeSync(log);
  // A binary that cannot be run at all (no execute permission, wrong architecture) reports here,
  // not by exiting: said in a sentence instead of an unhandled 'error' event.
  let failedToRun: NodeJS.ErrnoException | null = null;
  child.once('error', (e) => (failedToRun = e));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await waitUntilAccepting(`${url}/postgres`, child, layout.logFile, () => failedToRun);
    await ensureDatabase(`${url}/postgres`);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    url: `${url}/${APP_DATABASE}`,
    pid: child.pid!,
    exited,
    stop: () => stopChild(child, exited),
  };
}

/** The server process ended before it accepted connections; the message quotes its log. */
class ServerStoppedError extends Error {}

function logSince(file: string, offset: number): string {
  try {
    return fs.readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

/**
 * initdb into a temporary folder that is renamed into place once complete: a start interrupted
 * half-way (power cut during the very first start) leaves no half-made cluster behind to trip on.
 */
async function createCluster(bin: PostgresBinaries, layout: EmbeddedLayout, dataDir: string, user: ServerUser | undefined) {
  const building = `${layout.cluster}.initdb`;
  const pwfile = path.join(dataDir, '.initdb-password');
  fs.rmSync(building, { recursive: true, force: true });
  fs.rmSync(layout.cluster, { recursive: true, force: true });
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(layout.passwordFile, password + '\n', { mode: 0o600 });
  fs.mkdirSync(building, { mode: 0o700 });
  fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  if (user) {
    fs.chownSync(building, user.uid, user.gid);
    fs.chownSync(pwfile, user.uid, user.gid);
  }
  try {
    const args = ['-D', building, '-U', SUPERUSER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C', '--no-instructions'];
    // One syncfs(2) of the file system instead of an fsync per file: the same guarantee, seconds sooner.
    if (process.platform === 'linux') args.push('--sync-method=syncfs');
    await run(bin.initdb, args, user);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.renameSync(building, layout.cluster);
}

function serverEnv(): NodeJS.ProcessEnv {
  // The server must not pick up a PGDATA, PGPORT … meant for some other PostgreSQL.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  return { ...env, LC_ALL: 'C', LANG: 'C' };
}

function run(file: string, args: string[], user: ServerUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv(), uid: user?.uid, gid: user?.gid });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

function lastLines(file: string, n = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
}

async function waitUntilAccepting(url: string, child: ChildProcess, logFile: string, failedToRun: () => NodeJS.ErrnoException | null) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const cannotRun = failedToRun();
    if (cannotRun) {
      throw new Error(
        `The embedded PostgreSQL could not be run (${cannotRun.code ?? cannotRun.message}): ${child.spawnfile}. ` +
          'Reinstall with npm ci, or set DATABASE_URL to use a PostgreSQL server of your own.',
      );
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new ServerStoppedError(`The embedded PostgreSQL stopped while starting. Its log (${logFile}) ends with:\n${lastLines(logFile)}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (e) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL did not accept connections within 60 s: ${(e as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function ensureDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${APP_DATABASE}`);
  } finally {
    await client.end();
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT'); // fast shutdown
  const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000);
  await exited;
  clearTimeout(timer);
}
