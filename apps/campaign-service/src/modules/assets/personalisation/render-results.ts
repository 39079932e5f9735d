import type { RenderedTexts } from './render-core';

/**
 * A batch's rendered texts as they travel from a render worker to the service: every text's UTF-8
 * in one transferred buffer (moved, not copied, and outside the worker's heap, so a batch's output
 * is not kept alive and copied by its garbage collector), their lengths, and the few errors.
 */
export interface PackedResults {
  /** Text keys, in the order each person's texts are packed. */
  keys: string[];
  persons: number;
  buffer: ArrayBuffer;
  /** Bytes of `buffer` in use. */
  bytes: number;
  /** Every text is ASCII (one byte per character), so the service decodes it byte for byte. */
  ascii: boolean;
  /** UTF-8 bytes of each text, person by person, key by key. */
  lengths: Uint32Array;
  /** [person index, text key, message] of each text that failed. */
  errors: [number, string, string][];
}

/** Output one batch may produce; past it the batch fails (the buffer is outside the heap limit). */
export const MAX_BATCH_OUTPUT_BYTES = 256 * 1024 * 1024;

export const renderResultMessages = {
  tooLarge: 'The personalised texts of this batch are too large',
} as const;

/** Largest first buffer of a batch; a larger output grows it as it comes. */
const FIRST_BUFFER_MAX_BYTES = 16 * 1024 * 1024;

/** Worst case of UTF-8 bytes per UTF-16 unit. */
const MAX_BYTES_PER_UNIT = 3;

/** Packs a batch's results person by person, as the worker renders them. */
export class ResultPacker {
  private buffer: Buffer;
  private bytes = 0;
  private units = 0;
  private readonly lengths: Uint32Array;
  private count = 0;
  private readonly errors: [number, string, string][] = [];
  private person = 0;

  /** `bytesPerPerson`: a guess of the output per person (the previous batch's), to size the buffer once. */
  constructor(
    private readonly keys: string[],
    persons: number,
    bytesPerPerson = keys.length * 4096,
    private readonly maxBytes: number = MAX_BATCH_OUTPUT_BYTES,
  ) {
    this.lengths = new Uint32Array(keys.length * persons);
    const guess = Math.ceil(persons * bytesPerPerson * 1.1);
    // A guess from another organisation's huge batch must not reserve that much for a small one.
    this.buffer = this.allocate(Math.min(maxBytes, FIRST_BUFFER_MAX_BYTES, Math.max(64 * 1024, guess)));
  }

  /** Output bytes per person so far. */
  get bytesPerPerson(): number {
    return this.person === 0 ? 0 : this.bytes / this.person;
  }

  add(result: RenderedTexts): void {
    for (const key of this.keys) {
      const own = Object.hasOwn(result.texts, key) ? result.texts[key] : undefined;
      const text = typeof own === 'string' ? own : '';
      this.reserve(text);
      const written = this.buffer.write(text, this.bytes, 'utf8');
      this.bytes += written;
      this.lengths[this.count++] = written;
      this.units += text.length;
      const error = Object.hasOwn(result.errors, key) ? result.errors[key] : undefined;
      if (typeof error === 'string') this.errors.push([this.person, key, error]);
    }
    this.person++;
  }

  /** The packed batch; `transfer` lists what postMessage should move rather than copy. */
  finish(): { packed: PackedResults; transfer: ArrayBuffer[] } {
    const buffer = this.buffer.buffer as ArrayBuffer;
    const lengths = this.lengths.subarray(0, this.count);
    return {
      packed: {
        keys: this.keys,
        persons: this.person,
        buffer,
        bytes: this.bytes,
        ascii: this.bytes === this.units,
        lengths,
        errors: this.errors,
      },
      transfer: [buffer, lengths.buffer as ArrayBuffer],
    };
  }

  /** An own ArrayBuffer (never Node's shared pool), so it can be transferred. */
  private allocate(size: number): Buffer {
    return Buffer.from(new ArrayBuffer(size));
  }

  private reserve(text: string): void {
    if (this.bytes + text.length * MAX_BYTES_PER_UNIT <= this.buffer.length) return;
    const needed = this.bytes + Buffer.byteLength(text, 'utf8');
    if (needed > this.maxBytes) throw new Error(renderResultMessages.tooLarge);
    if (needed <= this.buffer.length) return;
    const grown = this.allocate(Math.min(this.maxBytes, Math.max(this.buffer.length * 2, needed)));
    this.buffer.copy(grown, 0, 0, this.bytes);
    this.buffer = grown;
  }
}

/**
 * The batch's results again, one per person. Each text is decoded on its own: person-sized strings
 * die young, where one string of the whole batch would be a large object for the full collector.
 */
export function unpackResults(packed: PackedResults): RenderedTexts[] {
  const bytes = Buffer.from(packed.buffer, 0, packed.bytes);
  // UTF-8 takes one byte per character only for ASCII, which latin1 decodes faster and the same.
  const encoding = packed.ascii ? 'latin1' : 'utf8';
  const { keys, lengths, persons } = packed;
  const results: RenderedTexts[] = [];
  let at = 0;
  let index = 0;
  for (let person = 0; person < persons; person++) {
    const texts: [string, string][] = [];
    for (const key of keys) {
      const end = at + (lengths[index++] ?? 0);
      texts.push([key, bytes.toString(encoding, at, end)]);
      at = end;
    }
    // fromEntries makes own properties, whatever a key is called.
    results.push({ texts: Object.fromEntries(texts), errors: {} });
  }
  for (const [person, key, message] of packed.errors) {
    const errors = results[person]?.errors;
    if (errors)
      Object.defineProperty(errors, key, {
        value: message,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return results;
}
