// The configuration files of Patroni and HAProxy, written into the base folder at each `up`.
// Why each setting is what it is: docs/decisions/cluster.md.
import path from 'node:path';
import { appNodes, backupConf, backupRepo, members, PG_BIN, ports, SCOPE, STANZA } from './layout.mjs';

/**
 * Failover timing, tuned down from Patroni's defaults (ttl 30, loop_wait 10, retry_timeout 10):
 * the leader key expires 10 s after its holder stops renewing it, each member looks every second.
 * Patroni wants loop_wait + 2 × retry_timeout ≤ ttl.
 */
export const FAILOVER = { ttl: 10, loop_wait: 1, retry_timeout: 3 };

/**
 * pgBackRest's command for a member (its own data folder as pg1: whichever leads archives and is
 * backed up). The commands that connect to PostgreSQL also get its port and socket; archive-push,
 * archive-get and restore refuse them, and `info` any of the member's.
 */
export const pgbackrest = (base, member, ...args) => {
  const command = args.find((a) => !a.startsWith('-')) ?? '';
  const local = ['archive-push', 'archive-get', 'restore'].includes(command);
  return [
    '/usr/bin/pgbackrest',
    `--config=${backupConf(base)}`,
    `--stanza=${STANZA}`,
    // `info` reads the repository only.
    ...(command === 'info' ? [] : [`--pg1-path=${path.join(base, member.name, 'data')}`]),
    ...(local || command === 'info' ? [] : [`--pg1-port=${member.pgPort}`, `--pg1-socket-path=${path.join(base, member.name)}`]),
    ...args,
  ];
};
const shell = (words) => words.map((w) => (/^[\w./=:%-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');

/**
 * A member's patroni.yml (JSON is YAML). `restoreTo` (an instant PostgreSQL reads, e.g.
 * `2026-11-27 14:30:00+00`): the member is made from the last base backup before it and the WAL
 * archive up to it, then promoted – pgBackRest's point-in-time restore as Patroni's bootstrap.
 */
export function patroniConfig(base, member, secret, restoreTo = null) {
  const dir = path.join(base, member.name);
  const restoreCommand = shell(pgbackrest(base, member, 'archive-get', '%f', '%p'));
  const pitr = restoreTo && {
    method: 'pitr',
    pitr: {
      // --delta: the data folder is empty anyway; pgBackRest writes restore_command and the target
      // into postgresql.auto.conf and recovery.signal, which Patroni keeps.
      command: shell(pgbackrest(base, member, '--delta', '--type=time', `--target=${restoreTo}`, '--target-action=promote', 'restore')),
      no_params: true,
      keep_existing_recovery_conf: true,
      recovery_conf: { restore_command: restoreCommand, recovery_target_time: restoreTo, recovery_target_action: 'promote' },
    },
  };
  return {
    scope: SCOPE,
    name: member.name,
    log: { level: 'INFO', dir },
    restapi: { listen: `127.0.0.1:${member.restPort}`, connect_address: `127.0.0.1:${member.restPort}` },
    etcd3: { hosts: [`127.0.0.1:${ports.etcdClient}`] },
    bootstrap: {
      dcs: {
        ...FAILOVER,
        maximum_lag_on_failover: 1_048_576,
        // Every commit waits for one replica (synchronous_standby_names is managed by Patroni),
        // and only that replica may be promoted: an acknowledged write survives the primary.
        synchronous_mode: true,
        // With no replica left, writes wait instead of being acknowledged on one machine only.
        synchronous_mode_strict: true,
        synchronous_node_count: 1,
        // A crashed primary is not restarted in place first (default 300 s): its synchronous
        // replica takes over at once, which loses nothing in synchronous mode.
        primary_start_timeout: 0,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            max_connections: 100,
            // Small: three members share a 2-core machine with the app nodes.
            shared_buffers: '64MB',
            // A replica whose primary died tries the new one after 1 s, not 5: in strict synchronous
            // mode the new primary takes no write until a replica streams from it.
            wal_retrieve_retry_interval: '1s',
            // Every WAL segment goes to pgBackRest's repository (the leader archives; a replica
            // that becomes leader goes on where it stopped): the base of a point-in-time restore.
            archive_mode: 'on',
            // A quiet database still has its last minute archived.
            archive_timeout: '60s',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
      ...pitr,
    },
    postgresql: {
      listen: `127.0.0.1:${member.pgPort}`,
      connect_address: `127.0.0.1:${member.pgPort}`,
      data_dir: path.join(dir, 'data'),
      bin_dir: PG_BIN,
      pgpass: path.join(dir, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: secret.superuser },
        replication: { username: 'replicator', password: secret.replication },
        rewind: { username: 'postgres', password: secret.superuser },
      },
      // archive_command names this member's own data folder (set per member, not in the DCS).
      parameters: { unix_socket_directories: dir, archive_command: shell(pgbackrest(base, member, 'archive-push', '%p')) },
      // A replica that fell behind the kept WAL catches up from the archive.
      recovery_conf: { restore_command: restoreCommand },
      pg_hba: ['local all all trust', 'host replication replicator 127.0.0.1/32 scram-sha-256', 'host all all 127.0.0.1/32 scram-sha-256'],
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

/** pgBackRest's own settings; the member to work on is given on each command (`pgbackrest` above). */
export function pgbackrestConfig(base) {
  return [
    '[global]',
    `repo1-path=${backupRepo(base)}`,
    // Two full backups kept, with the WAL since the older: a restore to any moment since then.
    'repo1-retention-full=2',
    `log-path=${path.join(base, 'backup', 'log')}`,
    `lock-path=${path.join(base, 'backup', 'lock')}`,
    'log-level-console=warn',
    'log-level-file=info',
    // A backup starts with an immediate checkpoint instead of waiting for the next one.
    'start-fast=y',
    'compress-type=zst',
    '',
    `[${STANZA}]`,
    '',
  ].join('\n');
}

/** HAProxy: writes to whichever member answers Patroni's /primary with 200; HTTP to the app nodes. */
export function haproxyConfig(base) {
  const lines = [
    'global',
    '  maxconn 4000',
    `  pidfile ${path.join(base, 'run', 'haproxy.pid')}`,
    `  stats socket ${path.join(base, 'haproxy', 'admin.sock')} mode 600 level admin`,
    'defaults',
    '  timeout connect 2s',
    '  timeout check 1s',
    '  timeout queue 5s',
    '',
    '# The leader only: Patroni answers GET /primary with 200 on the member that holds the leader key.',
    'listen postgres_primary',
    `  bind 127.0.0.1:${ports.dbWrite}`,
    '  mode tcp',
    '  timeout client 30m',
    '  timeout server 30m',
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    // A demoted leader's sessions are cut at once, so the app reconnects to the new one.
    '  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...members.map((m) => `  server ${m.name} 127.0.0.1:${m.pgPort} check port ${m.restPort}`),
    '',
    '# The app nodes. A node that refuses the connection (killed, restarting) is skipped for the next.',
    'listen web',
    `  bind 127.0.0.1:${ports.http}`,
    '  mode http',
    '  option httplog',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response response-timeout',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout http-keep-alive 10s',
    '  option forwardfor',
    '  default-server inter 1s fastinter 500ms fall 2 rise 2',
    ...appNodes.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${ports.haproxyStats}`,
    '  mode http',
    '  timeout client 10s',
    '  stats enable',
    '  stats uri /',
    '',
  ];
  return lines.join('\n');
}
