import { describe, expect, it } from 'vitest';
import { decodeAudio, decodeVideoFrames } from './decode.ts';
import { createMp4Encoder, encodeMp3, FfmpegError } from './ffmpeg.ts';
import { readMp3 } from './mp3-reader.ts';
import { readMp4 } from './mp4-reader.ts';

/** A frame whose brightness and a moving bar change with `t`. */
function frame(width: number, height: number, t: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      const bar = Math.abs(x - ((t * 3) % width)) < 4;
      out[o] = bar ? 250 : (x * 255) / width;
      out[o + 1] = (y * 255) / height;
      out[o + 2] = 60 + (t % 100);
    }
  }
  return out;
}

describe('MP4 through ffmpeg', () => {
  it('encodes H.264 High yuv420p with moov first, the right length, sparse keyframes and a watermarked smaller second output', async () => {
    const overlay = Buffer.alloc(32 * 24 * 4);
    for (let i = 0; i < 32 * 24; i += 1) overlay.set([255, 255, 255, i % 32 < 16 ? 255 : 0], i * 4);
    const encoder = await createMp4Encoder({ width: 64, height: 48, fps: 24 }, [
      { width: 64, height: 48, fps: 24, crf: 23 },
      { width: 32, height: 24, fps: 12, crf: 28, overlay },
    ]);
    for (let t = 0; t < 60; t += 1) await encoder.addFrame(frame(64, 48, t));
    await encoder.addFrame(frame(64, 48, 60), 12);
    const [main, small] = await encoder.finish();

    const video = readMp4(main!);
    expect(video.topLevel[0]).toBe('ftyp');
    expect(video.topLevel.indexOf('moov')).toBeLessThan(video.topLevel.indexOf('mdat'));
    expect(video).toMatchObject({ codec: 'avc1', profile: 'High', chromaFormat: 1, bitDepth: 8, width: 64, height: 48, frames: 72 });
    expect(video.durationSeconds).toBeCloseTo(3, 1);
    expect(video.keyframes).toBeGreaterThanOrEqual(2);
    expect(video.keyframes).toBeLessThan(10);

    const preview = readMp4(small!);
    expect(preview).toMatchObject({ codec: 'avc1', width: 32, height: 24, frames: 36 });
    expect(preview.durationSeconds).toBeCloseTo(3, 1);
    // The overlay is white over the left half of every preview frame, and absent from the full video.
    const first = decodeVideoFrames(small!, 32, 24, 'gray')[0]!;
    const mean = (from: number, to: number) => {
      let sum = 0;
      for (let y = 4; y < 20; y += 1) for (let x = from; x < to; x += 1) sum += first[y * 32 + x]!;
      return sum / (16 * (to - from));
    };
    expect(mean(2, 14)).toBeGreaterThan(235);
    expect(mean(18, 30)).toBeLessThan(200);
  });

  it('kills ffmpeg when the job is aborted', async () => {
    const controller = new AbortController();
    const encoder = await createMp4Encoder(
      { width: 64, height: 48, fps: 24 },
      [{ width: 64, height: 48, fps: 24, crf: 23 }],
      controller.signal,
    );
    await encoder.addFrame(frame(64, 48, 0));
    controller.abort(new Error('job timed out'));
    await expect(encoder.addFrame(frame(64, 48, 1))).rejects.toThrow('job timed out');
    await expect(encoder.finish()).rejects.toThrow('job timed out');
  });

  it('reports an ffmpeg failure with its reason', async () => {
    // libx264 refuses 4:2:0 at an odd width.
    const encoder = await createMp4Encoder({ width: 63, height: 48, fps: 24 }, [{ width: 63, height: 48, fps: 24, crf: 23 }]);
    const run = (async () => {
      for (let t = 0; t < 24; t += 1) await encoder.addFrame(Buffer.alloc(63 * 48 * 3, t));
      return encoder.finish();
    })();
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await expect(run).rejects.toThrow(/ffmpeg failed \(exit code \d+\): .*divisible by 2/);
  });

  it('refuses a frame of the wrong size', async () => {
    const encoder = await createMp4Encoder({ width: 64, height: 48, fps: 24 }, [{ width: 64, height: 48, fps: 24, crf: 23 }]);
    await expect(encoder.addFrame(Buffer.alloc(10))).rejects.toThrow('64×48 RGB');
    await encoder.cancel();
  });
});

describe('MP3 through ffmpeg', () => {
  it('encodes stereo 44.1 kHz at 192 kbps with the exact length', async () => {
    const rate = 44_100;
    const seconds = 2;
    const left = new Float32Array(rate * seconds).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
    const right = new Float32Array(rate * seconds).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 1320 * i) / rate));
    const mp3 = await encodeMp3([left, right], rate, { bitrateKbps: 192 });

    const info = readMp3(mp3);
    expect(info).toMatchObject({ version: 'MPEG-1', layer: 3, bitrateKbps: 192, sampleRate: 44_100, channels: 2 });
    expect(info.durationSeconds).toBeCloseTo(2, 2);
    expect(mp3.length).toBeGreaterThan(45_000);
    expect(mp3.length).toBeLessThan(52_000);

    // Decoded again: two channels, each still its own tone (zero crossings per second ≈ 2 × frequency
    // in the middle second).
    const pcm = decodeAudio(mp3, 2);
    const frames = pcm.length / 2;
    expect(frames / rate).toBeCloseTo(2, 1);
    const sample = (i: number, channel: number) => pcm[i * 2 + channel]!;
    const crossings = (channel: number) => {
      let count = 0;
      for (let i = rate / 2; i < rate * 1.5; i += 1) if (sample(i, channel) >= 0 !== sample(i - 1, channel) >= 0) count += 1;
      return count;
    };
    expect(crossings(0)).toBeGreaterThan(840);
    expect(crossings(0)).toBeLessThan(920);
    expect(crossings(1)).toBeGreaterThan(2560);
    expect(crossings(1)).toBeLessThan(2720);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('worker shutting down'));
    await expect(encodeMp3([new Float32Array(44_100)], 44_100, { bitrateKbps: 64, signal: controller.signal })).rejects.toThrow(
      'worker shutting down',
    );
  });
});
