import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web's import boundaries are enforced by lint (eslint.config.js): a feature reaches another
 * only through its public entry, and shared code never reaches into a feature.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const boundaryErrors = async (code: string, file: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-imports');

describe('web import boundaries', () => {
  it('refuse a feature reaching into another feature’s internals', async () => {
    const deep = "import { InfoList } from '../../info/components/info-list';\nexport const x = InfoList;\n";
    expect(await boundaryErrors(deep, 'features/community/components/example.tsx')).toHaveLength(1);
    const entry = "import { InfoList } from '../../info';\nexport const x = InfoList;\n";
    expect(await boundaryErrors(entry, 'features/community/components/example.tsx')).toHaveLength(0);
    const own = "import { PassEntry } from '../components/pass-entry';\nexport const x = PassEntry;\n";
    expect(await boundaryErrors(own, 'features/community/pages/example.tsx')).toHaveLength(0);
  });

  it('refuse shared code depending on a feature', async () => {
    const up = "import { useLogout } from '../features/auth';\nexport const x = useLogout;\n";
    expect(await boundaryErrors(up, 'lib/example.ts')).toHaveLength(1);
    expect(await boundaryErrors(up, 'components/example.tsx')).toHaveLength(1);
  });

  it('hold for the whole web app as it is', async () => {
    const results = await eslint.lintFiles(['apps/web/src/**/*.{ts,tsx}']);
    const broken = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${path.relative(root, r.filePath)}: ${m.message}`));
    expect(broken).toEqual([]);
  }, 120_000);
});
