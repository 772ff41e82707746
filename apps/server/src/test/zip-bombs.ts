import zlib from 'node:zlib';

/** One file of a hand-made ZIP: `repeat` copies of `chunk`, streamed through deflate. */
export interface ZipEntrySpec {
  name: string;
  /** The content, as chunks repeated: `repeat` times `chunk` (so 300 MB costs no 300 MB buffer). */
  chunk: string;
  repeat?: number;
  /** The uncompressed size the headers declare; the truth when absent. */
  declaredSize?: number;
}

/**
 * A ZIP written by hand, so its headers can say what a hostile file says (sizes understated).
 * Small enough to hold in memory: the test's bombs are kilobytes that inflate to hundreds of MB.
 */
export async function zipOf(entries: ZipEntrySpec[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { data, size, crc } = await deflateAsync(Buffer.from(e.chunk), e.repeat ?? 1);
    const declared = e.declaredSize ?? size;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(Math.min(declared, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(Math.min(declared, 0xffffffff), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Deflates `repeat` copies of `chunk` as a stream; answers the compressed bytes, size and CRC. */
function deflateAsync(chunk: Buffer, repeat: number): Promise<{ data: Buffer; size: number; crc: number }> {
  return new Promise((resolve, reject) => {
    const d = zlib.createDeflateRaw({ level: 9 });
    const out: Buffer[] = [];
    d.on('data', (b: Buffer) => out.push(b));
    d.on('error', reject);
    const perBlock = Math.max(1, Math.floor((4 * 1024 * 1024) / Math.max(chunk.length, 1)));
    const block = Buffer.concat(Array.from({ length: Math.min(perBlock, repeat) }, () => chunk));
    let left = repeat;
    let crc = 0;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(perBlock, left);
        const piece = n === perBlock ? block : block.subarray(0, n * chunk.length);
        crc = zlib.crc32(piece, crc);
        left -= n;
        if (!d.write(piece)) {
          d.once('drain', pump);
          return;
        }
      }
      d.end();
    };
    d.on('end', () => resolve({ data: Buffer.concat(out), size: chunk.length * repeat, crc }));
    pump();
  });
}

/** The parts every xlsx has, around whatever the bomb puts inside. */
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** An xlsx-looking ZIP: its content types, then the given entries. */
export const xlsxOf = (entries: ZipEntrySpec[]) =>
  zipOf([{ name: '[Content_Types].xml', chunk: CONTENT_TYPES }, ...entries]);
