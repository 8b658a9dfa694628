/**
 * Encoding of EBML elements (RFC 8794), the binary format of Matroska and WebM: an element is its
 * id, its data size as a variable-length integer, then its data.
 */

/** The data size as a variable-length integer of the smallest length (1..8 bytes). */
export function encodeSize(size: number, length = sizeLength(size)): Buffer {
  const out = Buffer.alloc(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i -= 1) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
  return out;
}

function sizeLength(size: number): number {
  // 2^(7n) - 1 is reserved for "unknown size", so stay below it.
  for (let length = 1; length <= 8; length += 1) if (size < 2 ** (7 * length) - 1) return length;
  throw new RangeError(`EBML size too large: ${size}`);
}

/** Element ids keep their marker bits, so they are written as the plain big-endian bytes. */
function encodeId(id: number): Buffer {
  const bytes: number[] = [];
  let rest = id;
  while (rest > 0) {
    bytes.unshift(rest & 0xff);
    rest = Math.floor(rest / 256);
  }
  return Buffer.from(bytes);
}

export function element(id: number, data: Buffer | readonly Buffer[]): Buffer {
  const body = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
  return Buffer.concat([encodeId(id), encodeSize(body.length), body]);
}

/** Unsigned integer element; `bytes` fixes the width (used where a later rewrite must not move data). */
export function uintElement(id: number, value: number, bytes?: number): Buffer {
  let width = bytes ?? 1;
  if (bytes === undefined) while (value >= 2 ** (8 * width)) width += 1;
  const data = Buffer.alloc(width);
  let rest = value;
  for (let i = width - 1; i >= 0; i -= 1) {
    data[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return element(id, data);
}

export function floatElement(id: number, value: number): Buffer {
  const data = Buffer.alloc(8);
  data.writeDoubleBE(value);
  return element(id, data);
}

export function stringElement(id: number, value: string): Buffer {
  return element(id, Buffer.from(value, 'utf8'));
}

/** An element whose data is another element's id (SeekID). */
export function idElement(id: number, targetId: number): Buffer {
  return element(id, encodeId(targetId));
}
