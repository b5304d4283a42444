import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { newDeviceKeyPair, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { WebRoute } from '@sq/contract/routes';
import { launchWithCamera } from '../e2e/support/browser';
import { writeCameraVideo, type CameraSize } from '../e2e/support/fake-camera';
import type { BenchReport } from './report';

/** The camera the scanner asks for, at a phone's 30 frames a second. */
const CAMERA: CameraSize = { width: 1280, height: 720, fps: 30 };
/** A pass QR at arm's length: 15 % of the frame's width (~190 px of 1280). */
const SHARE = 0.15;
const ROUNDS = 3;
const ROUND_MS = 4000;
const EMPTY_ROUNDS = 2;
/** A larger QR held off centre, left of the centre square: what the 960-px look is for. */
const OFF_CENTRE = { share: 0.2, left: 0.04 };
/** Lighthouse's mobile CPU slowdown: a mid-range phone at the gate, roughly. */
const PHONE_SLOWDOWN = 4;

/** e2e/support/decoder-rounds.ts's answer (that file is browser code, outside this compilation). */
interface DecoderRound {
  frames: number;
  reads: number;
  firstReadMs: number | null;
  frameMs: number[];
  size: string;
}
type Strategy = 'new' | 'old';

/**
 * The scanner's decoder on a small QR (issue 32 item 8): Chromium's fake camera at 1280×720
 * shows a real-length pass QR (Ed25519-signed code in the staff address, QR version ~10) 15 % of
 * the frame wide; the scanner's own `decodeFrames` reads it for 4 s a round with its new looks,
 * alternating with the 480-px-only looks it replaced (the baseline). Printed: frames read, time to
 * the first read, decoding ms per frame – per frame of an empty view too (the cost between people),
 * with the CPU slowed down 4× as Lighthouse does for a phone, and a QR 20 % wide off centre.
 */
export async function scannerSmallBench(): Promise<BenchReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-scanner-small-'));
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>decoder</title><body></body>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const script = await decoderScript();
    const pair = newDeviceKeyPair();
    const code = signedPassCodeAt({ id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 1, privateKey: pair.privateKey }, 1, codeStepAt(Date.now()));
    const qr = `https://sq.example.cn${WebRoute.registrationDetail}?${new URLSearchParams({ poiId: 'DEMO000001', openId: 'u_AAAAAAAAAAAAAAAA', code, pass: '1' })}`;
    const small = path.join(dir, 'small.y4m');
    const empty = path.join(dir, 'empty.y4m');
    writeCameraVideo(small, [{ text: qr, frames: 10, share: SHARE }], CAMERA);
    writeCameraVideo(empty, [{ text: null, frames: 10 }], CAMERA);
    const aside = path.join(dir, 'aside.y4m');
    writeCameraVideo(aside, [{ text: qr, frames: 10, ...OFF_CENTRE }], CAMERA);

    const held = await rounds(small, origin, script, ROUNDS);
    const idle = await rounds(empty, origin, script, EMPTY_ROUNDS);
    const phone = await rounds(small, origin, script, EMPTY_ROUNDS, PHONE_SLOWDOWN);
    const offCentre = await rounds(aside, origin, script, EMPTY_ROUNDS);
    return report(qr.length, held, idle, phone, offCentre);
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function decoderScript(): Promise<string> {
  const entry = fileURLToPath(new URL('../e2e/support/decoder-rounds.ts', import.meta.url));
  const out = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', minify: true });
  return out.outputFiles[0]!.text;
}

/** Rounds alternating old and new looks on one camera video. */
async function rounds(video: string, origin: string, script: string, count: number, slowdown = 1): Promise<Record<Strategy, DecoderRound[]>> {
  const browser = await launchWithCamera(video);
  try {
    const page = await browser.newPage();
    if (slowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(origin);
    await page.addScriptTag({ content: script });
    const out: Record<Strategy, DecoderRound[]> = { new: [], old: [] };
    for (let i = 0; i < count; i++) {
      for (const strategy of (i % 2 === 0 ? ['old', 'new'] : ['new', 'old']) as Strategy[]) {
        // The bench is compiled without the DOM's types: the page's function as the script installed it.
        const round = await page.evaluate(([s, ms]) => (globalThis as unknown as { decoderRound(s: Strategy, ms: number): Promise<DecoderRound> }).decoderRound(s, ms), [strategy, ROUND_MS] as const);
        out[strategy].push(round);
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

const all = (rs: DecoderRound[]) => rs.flatMap((r) => r.frameMs).sort((a, b) => a - b);
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] ?? NaN;
const readRate = (rs: DecoderRound[]) => (100 * rs.reduce((n, r) => n + r.reads, 0)) / Math.max(1, rs.reduce((n, r) => n + r.frames, 0));
const firstReads = (rs: DecoderRound[]) => rs.map((r) => (r.firstReadMs === null ? 'none' : `${Math.round(r.firstReadMs)} ms`)).join(', ');
const perSecond = (rs: DecoderRound[]) => rs.reduce((n, r) => n + r.frames, 0) / ((rs.length * ROUND_MS) / 1000);
const costs = (rs: DecoderRound[]) => {
  const ms = all(rs);
  return `${at(ms, 0.5).toFixed(1)} / ${at(ms, 0.95).toFixed(1)} ms a frame (median / p95), ${perSecond(rs).toFixed(1)} frames/s`;
};

function report(qrLength: number, held: Record<Strategy, DecoderRound[]>, idle: Record<Strategy, DecoderRound[]>, phone: Record<Strategy, DecoderRound[]>, offCentre: Record<Strategy, DecoderRound[]>): BenchReport {
  return {
    name: `scanner, a pass QR ${SHARE * 100} % of a ${CAMERA.width}×${CAMERA.height} frame (Chromium fake camera, ${qrLength}-character address): frames read`,
    unit: '% of frames',
    baseline: { label: 'the 480-px-only decoder, same rounds', value: Math.round(readRate(held.old) * 10) / 10 },
    measured: { label: 'small look, then a centre crop at full size or the frame at 960 px', value: Math.round(readRate(held.new) * 10) / 10 },
    notes: [
      `camera ${held.new[0]?.size ?? '?'}; ${ROUNDS} rounds of ${ROUND_MS / 1000} s each, alternated`,
      `first read: new ${firstReads(held.new)}; old ${firstReads(held.old)}`,
      `QR in view: new ${costs(held.new)}; old ${costs(held.old)}`,
      `empty view: new ${costs(idle.new)}; old ${costs(idle.old)}`,
      `CPU ${PHONE_SLOWDOWN}× slower (a phone), QR in view: new ${readRate(phone.new).toFixed(1)} % read, first ${firstReads(phone.new)}, ${costs(phone.new)}; old ${readRate(phone.old).toFixed(1)} % read, ${costs(phone.old)}`,
      `QR ${OFF_CENTRE.share * 100} % wide at the frame's left edge: new ${readRate(offCentre.new).toFixed(1)} % read, first ${firstReads(offCentre.new)}; old ${readRate(offCentre.old).toFixed(1)} % read`,
      `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    ].join('\n    '),
  };
}
