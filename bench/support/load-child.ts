// The load generator's own process: `node --import tsx load-child.ts <options.json>` runs one
// autocannon phase and prints its summary as JSON. Kept out of the measured server's process and
// of the bench's, so it never shares their event loop (bench/README.md, "As deployed").
import fs from 'node:fs';
import { load, type LoadOptions } from './load';

const opts = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadOptions & { bodies?: string[] };
const { bodies } = opts;
let next = 0;
const result = await load({ ...opts, ...(bodies ? { nextBody: () => bodies[next++ % bodies.length]! } : {}) });
process.stdout.write(JSON.stringify(result));
