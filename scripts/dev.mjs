// Development: the API with restart on change, and Vite's dev server (proxying /v1 to the API).
import { spawn } from 'node:child_process';

const run = (cmd, args) => spawn(cmd, args, { stdio: 'inherit', shell: false });
const children = [
  run('node', ['--import', 'tsx', '--watch', 'apps/server/src/main.ts']),
  run('npm', ['run', 'dev', '-w', '@sq/web']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
