import type JSZip from 'jszip';

/** Not a zip (or a damaged one), or one that unpacks to more than allowed. */
export class UnzipError extends Error {
  constructor(
    readonly reason: 'notZip' | 'tooLarge',
    /** Bytes inflated when reading stopped. */
    readonly inflated = 0,
  ) {
    super(reason);
  }
}

// JSZip's documented streaming reader, which its typings leave out: the entry inflated chunk by
// chunk (16 KB of compressed bytes a turn), `pause()` stopping it between chunks.
type StreamingEntry = JSZip.JSZipObject & { internalStream(type: 'uint8array'): JSZip.JSZipStreamHelper<Uint8Array> };

/**
 * Every file of a zip, unpacked with a running count that stops as soon as all of them together
 * pass `maxBytes`: the sizes a zip states may lie, so only the inflated bytes are counted. Read by
 * JSZip, the reader exceljs uses, so the entries are those exceljs would read. One compressed
 * chunk inflates to at most ~16 MB, so memory stays under `maxBytes` and that much.
 */
export async function unzipBounded(file: Uint8Array, limits: { maxBytes: number; maxEntries: number }): Promise<Map<string, Uint8Array>> {
  const { default: JSZipClass } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await JSZipClass.loadAsync(file);
  } catch {
    throw new UnzipError('notZip');
  }
  const entries = Object.values(zip.files).filter((e) => !e.dir) as StreamingEntry[];
  if (entries.length > limits.maxEntries) throw new UnzipError('tooLarge');
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const entry of entries) {
    const chunks: Uint8Array[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = entry.internalStream('uint8array');
      let stopped = false;
      const stop = (e: UnzipError) => {
        stopped = true;
        stream.pause();
        reject(e);
      };
      stream
        .on('data', (chunk) => {
          // A chunk already inflated after the stop (the rest of its 16 KB) is dropped.
          if (stopped) return;
          total += chunk.length;
          if (total > limits.maxBytes) stop(new UnzipError('tooLarge', total));
          else chunks.push(chunk);
        })
        .on('error', () => !stopped && stop(new UnzipError('notZip', total)))
        .on('end', () => resolve())
        .resume();
    });
    files.set(entry.name, Buffer.concat(chunks));
  }
  return files;
}
