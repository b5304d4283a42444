import fs from 'node:fs';
import pino from 'pino';

/** What the batch writes into: pino's asynchronous destination (sonic-boom). */
interface LineDestination {
  write(text: string): unknown;
  flushSync(): void;
}

/**
 * Log lines written in one turn of the event loop handed to the destination as one string.
 *
 * sonic-boom measures, on every write, the byte length of the text it has queued so far (up to
 * 16 KB, a string grown by `+=`, so a rope V8 walks character by character): at the gate's rate,
 * with a write to the file in flight, every access line cost a walk over the dozens queued before
 * it – about 5 % of a poll's CPU (bench/README.md, eighth session). Joined once a turn, the lines
 * reach it as one flat string, measured once. Every line still goes through here, in order (pino
 * writes to this too); a crash loses at most the lines of the turn it happened in, as the
 * destination's own queue does.
 */
export class TurnBatchedLines {
  private lines: string[] = [];
  private scheduled = false;

  /**
   * Lines for the file descriptor `fd`, through pino's asynchronous destination on it unless
   * another is given (tests); `fd` is written to directly on the way out (see flushSync).
   */
  constructor(
    private readonly fd: number,
    private readonly destination: LineDestination = pino.destination({ dest: fd, sync: false }),
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.hand);
    }
    return true;
  }

  /**
   * Everything written so far, out before returning (the process is about to exit). The lines
   * still here are not handed to the destination, which would start an asynchronous write that
   * the exit may cut off: its own queue is written out, then these lines straight to its file.
   */
  flushSync() {
    const text = this.take();
    this.destination.flushSync();
    if (text) writeFullySync(this.fd, Buffer.from(text));
  }

  private readonly hand = () => {
    this.scheduled = false;
    const text = this.take();
    if (text) this.destination.write(text);
  };

  private take(): string {
    const text = this.lines.join('');
    this.lines = [];
    return text;
  }
}

/** All of `bytes` to `fd`, a pipe's EAGAIN waited out briefly (at most about a second). */
function writeFullySync(fd: number, bytes: Buffer) {
  for (let waits = 0; bytes.length > 0; ) {
    try {
      bytes = bytes.subarray(fs.writeSync(fd, bytes));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN' || ++waits > 100) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}
