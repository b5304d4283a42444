import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropStaleTestDatabases } from '../support/stale-databases';
import { testServerUrl } from '../support/test-database';

const names = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>('select datname from pg_database')).rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
};
const exec = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

describe('test databases a killed run left behind', () => {
  it('are dropped by a later run once stale, while a run going on keeps its own', async () => {
    const server = await testServerUrl();
    const seconds = (ms: number) => Math.floor(ms / 1000).toString(36);
    const old = `sq_test_${seconds(Date.now() - 7 * 3_600_000)}_aaaaaaaaaaaa`;
    const fresh = `sq_test_${seconds(Date.now() - 60_000)}_bbbbbbbbbbbb`;
    await exec(server, `create database ${old}`);
    await exec(server, `create database ${fresh}`);
    try {
      const dropped = await dropStaleTestDatabases(server);
      expect(dropped).toContain(old);
      expect(dropped).not.toContain(fresh);
      const left = await names(server);
      expect(left).not.toContain(old);
      expect(left).toContain(fresh);
    } finally {
      await exec(server, `drop database if exists ${old}`);
      await exec(server, `drop database if exists ${fresh}`);
    }
  });
});
