import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readWebm } from './webm-reader.ts';
import { muxWebm } from './webm-writer.ts';
import { readVp8Keyframe, vp8FrameFromWebp } from './webp-to-vp8.ts';

async function solidFrame(width: number, height: number, value: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3, value);
  return vp8FrameFromWebp(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .webp({ quality: 70, effort: 0 })
      .toBuffer(),
  );
}

describe('WebM writer (VP8 keyframes from WebP)', () => {
  it('takes the VP8 keyframe out of a lossy WebP file', async () => {
    const frame = await solidFrame(34, 20, 90);
    expect(readVp8Keyframe(frame)).toEqual({ width: 34, height: 20 });
    expect(() => vp8FrameFromWebp(Buffer.from('not a webp file at all'))).toThrow();
  });

  it('writes a Matroska file with DocType webm, one V_VP8 track, keyframe blocks, duration and cues', async () => {
    const fps = 12;
    const frames = await Promise.all(Array.from({ length: 30 }, (_, i) => solidFrame(64, 48, i * 8)));
    const file = muxWebm({ width: 64, height: 48, fps, frames });
    expect(file.readUInt32BE(0)).toBe(0x1a45dfa3);

    const webm = readWebm(file);
    expect(webm.docType).toBe('webm');
    expect(webm.codecId).toBe('V_VP8');
    expect({ width: webm.width, height: webm.height }).toEqual({ width: 64, height: 48 });
    expect(webm.timecodeScale).toBe(1_000_000);
    expect(webm.durationMs).toBeCloseTo(2500, 6);
    expect(webm.blocks).toHaveLength(30);
    expect(webm.cuePoints).toBe(3);
    webm.blocks.forEach((block, i) => {
      expect(block.keyframe).toBe(true);
      expect(block.timeMs).toBe(Math.round((i * 1000) / fps));
      expect([...block.data.subarray(3, 6)]).toEqual([0x9d, 0x01, 0x2a]);
      expect(readVp8Keyframe(block.data)).toEqual({ width: 64, height: 48 });
    });
  });

  it('refuses an empty video', () => {
    expect(() => muxWebm({ width: 2, height: 2, fps: 1, frames: [] })).toThrow();
  });
});
