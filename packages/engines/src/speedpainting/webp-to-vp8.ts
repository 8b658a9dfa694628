/**
 * A lossy WebP file is a RIFF container ('RIFF' size 'WEBP') whose 'VP8 ' chunk is exactly one VP8
 * keyframe (RFC 6386), which is what a WebM V_VP8 track carries. Returns that chunk's payload.
 */
export function vp8FrameFromWebp(webp: Buffer): Buffer {
  if (webp.length < 20 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('Not a WebP file');
  }
  let offset = 12;
  while (offset + 8 <= webp.length) {
    const fourcc = webp.toString('latin1', offset, offset + 4);
    const size = webp.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (fourcc === 'VP8 ') return webp.subarray(start, start + size);
    offset = start + size + (size % 2);
  }
  throw new Error('The WebP file has no lossy VP8 chunk (encode opaque RGB, lossy)');
}

export type Vp8KeyframeInfo = { width: number; height: number };

/** Reads a VP8 keyframe's header: frame tag, start code 9d 01 2a, 14-bit width and height. */
export function readVp8Keyframe(frame: Buffer): Vp8KeyframeInfo | null {
  if (frame.length < 10) return null;
  const isKeyframe = ((frame[0] ?? 1) & 1) === 0;
  if (!isKeyframe || frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return null;
  return { width: frame.readUInt16LE(6) & 0x3fff, height: frame.readUInt16LE(8) & 0x3fff };
}

/** Wraps a VP8 keyframe back into a WebP file (for decoding a video frame, e.g. in tests). */
export function webpFromVp8Frame(frame: Buffer): Buffer {
  const padding = frame.length % 2;
  const header = Buffer.alloc(20);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(12 + frame.length + padding, 4);
  header.write('WEBPVP8 ', 8, 'latin1');
  header.writeUInt32LE(frame.length, 16);
  return Buffer.concat([header, frame, Buffer.alloc(padding)]);
}
