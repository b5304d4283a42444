import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, rowsOf } from '../../src/db/client';
import { createScratchDatabase } from '../support/test-database';
// @ts-expect-error – a plain script of the lint (scripts/check-migrations.mjs), without types.
import { compatProblems, FIRST_CHECKED } from '../../../../scripts/migration-compat.mjs';

type Problem = { statement: string; why: string };
const problems = (sql: string) => (compatProblems(sql) as Problem[]).map((p) => p.why);
const drizzle = path.resolve(import.meta.dirname, '../../drizzle');

describe('migrations run under older app nodes (a rolling upgrade)', () => {
  it('lets a migration add: tables, nullable columns, columns with a default, keys on what it adds', () => {
    const sql = [
      'CREATE TABLE "shops" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);',
      'ALTER TABLE "board_posts" ADD COLUMN "useful_by" uuid;',
      `ALTER TABLE "board_posts" ADD COLUMN "kind2" text DEFAULT 'x' NOT NULL;`,
      'ALTER TABLE "shops" ADD CONSTRAINT "shops_name_uq" UNIQUE("name");',
      'ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_useful_by_fk" FOREIGN KEY ("useful_by") REFERENCES "public"."users"("id");',
      'CREATE INDEX "board_posts_useful_idx" ON "board_posts" USING btree ("useful_by");',
    ].join('--> statement-breakpoint\n');
    expect(problems(sql)).toEqual([]);
  });

  it('refuses what breaks a node still running the previous release', () => {
    expect(problems('ALTER TABLE "events" DROP COLUMN "place";')).toHaveLength(1);
    expect(problems('ALTER TABLE "events" RENAME COLUMN "place" TO "venue";')).toHaveLength(1);
    expect(problems('DROP TABLE "spaces";')).toHaveLength(1);
    expect(problems('ALTER TABLE "events" ALTER COLUMN "capacity" SET DATA TYPE bigint;')).toHaveLength(1);
    expect(problems('ALTER TABLE "events" ALTER COLUMN "place" SET NOT NULL;')).toHaveLength(1);
    expect(problems('ALTER TABLE "events" ADD COLUMN "city" text NOT NULL;')).toHaveLength(1);
    expect(problems('ALTER TABLE "events" ADD CONSTRAINT "events_capacity_ck" CHECK ("events"."capacity" > 0);')).toHaveLength(1);
    expect(problems('CREATE UNIQUE INDEX "events_title_uq" ON "events" USING btree ("title");')).toHaveLength(1);
  });

  it('takes a statement whose line before says why older nodes are unaffected', () => {
    expect(problems('-- compat: no release ever wrote this column\nALTER TABLE "events" DROP COLUMN "legacy";')).toEqual([]);
  });

  it('holds for every committed migration since the rule', () => {
    const files = fs.readdirSync(drizzle).filter((f) => f.endsWith('.sql') && Number.parseInt(f, 10) >= FIRST_CHECKED);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(problems(fs.readFileSync(path.join(drizzle, file), 'utf8')), file).toEqual([]);
  });
});

describe('nodes of a new release starting together', () => {
  it('migrate once: the others wait for the first and find nothing left to do', async () => {
    const scratch = await createScratchDatabase();
    const nodes = await Promise.all([1, 2, 3].map(() => openPostgres(scratch.url, 2)));
    try {
      const started = await Promise.allSettled(nodes.map((n) => n.migrate()));
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const [row] = rowsOf<{ n: string }>(await nodes[0]!.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`));
      expect(Number(row!.n)).toBe(fs.readdirSync(drizzle).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
      await scratch.drop();
    }
  });
});
