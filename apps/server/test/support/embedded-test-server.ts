import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded/embedded-postgres';
import { dropStaleTestDatabases } from './stale-databases';
import type {} from './test-database'; // its ProvidedContext declaration

/**
 * Vitest global setup: with no TEST_DATABASE_URL, one embedded PostgreSQL server for the whole run
 * (the same code `npm start` uses), in a temporary folder removed afterwards. Each test file then
 * creates and drops its own database on it, as it does on TEST_DATABASE_URL's server.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    // Databases of earlier runs that were killed before they could drop them.
    await dropStaleTestDatabases(external);
    project.provide('testServerUrl', external);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-test-pg-'));
  const server = await startEmbeddedPostgres(dir, () => {});
  project.provide('testServerUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
