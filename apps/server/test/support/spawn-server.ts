import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface SpawnedServer {
  child: ChildProcess;
  origin: string;
  exited: Promise<void>;
  output: () => string;
}

/**
 * `node --import tsx apps/server/src/main.ts` – the real entry point in its own process – with
 * `env` over the caller's environment; resolves once it listens, rejects with its output if it
 * exits first.
 */
export function spawnServer(env: Record<string, string>, options: Pick<SpawnOptions, 'uid' | 'gid'> = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', TEST_DATABASE_URL: '', DATABASE_URL: '', ...env },
    ...options,
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve({ child, origin: `http://127.0.0.1:${match[1]}`, exited, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (e) => reject(new Error(`server could not start: ${e.message}`)));
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
}
