import fs from 'node:fs';
import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * A zip file written front to back, for spreadsheets: small entries whole, and one large entry
 * streamed, compressed on zlib's thread pool while the caller makes the next chunk.
 *
 * Each entry's checksum and sizes follow its data in a data descriptor (general purpose flag
 * bit 3), as in any streamed zip, and are repeated in the central directory at the end. Sizes are
 * 32-bit: an entry of 4 GiB or more is refused rather than written as ZIP64, which a sheet of at
 * most 1,048,576 rows does not reach.
 */
export class ZipWriter {
  private readonly out: fs.WriteStream;
  private readonly entries: Entry[] = [];
  private written = 0;
  private streaming = false;
  private readonly failed: Promise<never>;
  private readonly stamp: Stamp;

  constructor(file: string, at = new Date()) {
    this.out = fs.createWriteStream(file);
    this.stamp = dosTime(at);
    // A write error (disk full) rejects whatever the writer is waiting for next.
    this.failed = once(this.out, 'error').then(([err]) => {
      throw err as Error;
    });
    this.failed.catch(() => undefined);
  }

  /** Adds a small entry whole. */
  async add(name: string, text: string): Promise<void> {
    const entry = this.entry(name);
    entry.append(text);
    await entry.end();
  }

  /**
   * Starts an entry whose data comes as text. `append` encodes a piece (a row of a sheet) into the
   * current 64 KB chunk and hands full chunks to the compressor; `room` resolves once the
   * compressor has room for more (about 1 MB in flight), so a producer that awaits it after each
   * batch holds flat memory however long the entry. One entry at a time.
   *
   * Pieces go straight into bytes, so no text larger than a piece is made (a batch's text as one
   * string is hundreds of KB, twice that with any Chinese in it), and the chunks are reused.
   */
  entry(name: string): { append(text: string): void; room(): Promise<void>; end(): Promise<void> } {
    if (this.streaming) throw new Error('zip: one entry at a time');
    this.streaming = true;
    const nameBytes = Buffer.from(name, 'utf8');
    const offset = this.written;
    this.put(localHeader(nameBytes, this.stamp));
    // Level 1: a million-row sheet is CPU-bound on compression. The zlib stream passes stream
    // options on (its types do not list them): up to 1 MB waits to be compressed before `room`
    // holds the producer back, so making rows and compressing them overlap.
    const deflate = zlib.createDeflateRaw({ level: 1, writableHighWaterMark: 1 << 20 } as zlib.ZlibOptions);
    let crc = 0;
    let size = 0;
    let compressed = 0;
    // Chunks go back here once the compressor has consumed them, so the same few are filled again
    // and again. A new one per chunk stayed allocated until V8 collected its handle, which had
    // often lived long enough to be promoted, so the server's memory crept up over a long sheet
    // (bench/README.md, "Export (ADR 0008)").
    const spare: Buffer[] = [];
    let chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let used = 0;
    let full = false;
    deflate.on('data', (data: Buffer) => {
      compressed += data.length;
      if (!this.put(data)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const done = once(deflate, 'end');
    // Awaited only by `end`; a compressor error before then must not go unhandled meanwhile.
    done.catch(() => undefined);
    const race = <T>(p: Promise<T>) => Promise.race([p, this.failed]);
    const compress = (data: Buffer, consumed?: () => void) => {
      crc = zlib.crc32(data, crc);
      size += data.length;
      if (size > 0xffffffff) throw new Error('zip: an entry of 4 GiB or more needs ZIP64');
      if (!deflate.write(data, consumed)) full = true;
    };
    const flush = () => {
      if (used === 0) return;
      const filled = chunk;
      // The compressor reads the bytes until it calls back: the next pieces go into another chunk.
      compress(filled.subarray(0, used), () => spare.push(filled));
      chunk = spare.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
      used = 0;
    };
    const append = (text: string) => {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (used + text.length * 3 > CHUNK_BYTES) flush();
      if (text.length * 3 > CHUNK_BYTES) compress(Buffer.from(text, 'utf8'));
      else used += chunk.write(text, used);
    };
    return {
      append,
      room: async () => {
        if (!full) return;
        flush();
        full = false;
        await race(once(deflate, 'drain'));
      },
      end: async () => {
        flush();
        deflate.end();
        await race(done);
        this.put(dataDescriptor(crc, compressed, size));
        this.entries.push({ name: nameBytes, crc, compressed, size, offset });
        this.streaming = false;
      },
    };
  }

  /** Writes the central directory and closes the file; answers its size in bytes. */
  async finish(): Promise<number> {
    const start = this.written;
    for (const e of this.entries) this.put(centralHeader(e, this.stamp));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.written - start, 12);
    end.writeUInt32LE(start, 16);
    this.put(end);
    if (this.written > 0xffffffff) throw new Error('zip: a file of 4 GiB or more needs ZIP64');
    this.out.end();
    await Promise.race([once(this.out, 'close'), this.failed]);
    return this.written;
  }

  /** Closes the file after a failure (the caller deletes it). */
  abort(): void {
    this.out.destroy();
  }

  private put(data: Buffer): boolean {
    this.written += data.length;
    return this.out.write(data);
  }
}

/** Bytes of text gathered before they go to the compressor. */
const CHUNK_BYTES = 64 * 1024;

// Flags: bit 3, sizes and checksum in the data descriptor; bit 11, names in UTF-8. Method 8: deflate.
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

type Stamp = { time: number; date: number };
type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/** MS-DOS date and time fields (local time, 2-second steps), as zip entries carry them. */
function dosTime(at: Date): Stamp {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * The fields a local header and a central directory header share, from `at` on: version needed,
 * flags, method, time, date, checksum, compressed size, size, name length.
 */
function writeEntryFields(h: Buffer, at: number, stamp: Stamp, e: Pick<Entry, 'crc' | 'compressed' | 'size'>, nameLength: number): void {
  for (const [i, v] of [VERSION, FLAGS, DEFLATE, stamp.time, stamp.date].entries()) h.writeUInt16LE(v, at + 2 * i);
  h.writeUInt32LE(e.crc, at + 10);
  h.writeUInt32LE(e.compressed, at + 14);
  h.writeUInt32LE(e.size, at + 18);
  h.writeUInt16LE(nameLength, at + 22);
}

function localHeader(name: Buffer, stamp: Stamp): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  // Checksum and sizes stay 0 here: they follow the data.
  writeEntryFields(h, 4, stamp, { crc: 0, compressed: 0, size: 0 }, name.length);
  return Buffer.concat([h, name]);
}

function dataDescriptor(crc: number, compressed: number, size: number): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(crc, 4);
  d.writeUInt32LE(compressed, 8);
  d.writeUInt32LE(size, 12);
  return d;
}

function centralHeader(e: Entry, stamp: Stamp): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(VERSION, 4); // version made by
  writeEntryFields(h, 6, stamp, e, e.name.length);
  h.writeUInt32LE(e.offset, 42);
  return Buffer.concat([h, e.name]);
}
