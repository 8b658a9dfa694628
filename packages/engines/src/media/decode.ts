import { spawnSync } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * Decodes a media file with ffmpeg from stdin (tests and checks). An MP4 read from a pipe decodes
 * only when its moov box comes before the media data, so this also proves faststart.
 */
function decode(file: Buffer, outputArgs: string[]): Buffer {
  const run = spawnSync(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', ...outputArgs, 'pipe:1'], {
    input: file,
    maxBuffer: 512 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`ffmpeg could not decode the file: ${run.stderr.toString().trim()}`);
  return run.stdout;
}

/** Every frame of a video as 8-bit RGB (or grey) of the given size. */
export function decodeVideoFrames(file: Buffer, width: number, height: number, format: 'rgb24' | 'gray' = 'rgb24'): Buffer[] {
  const raw = decode(file, ['-f', 'rawvideo', '-pix_fmt', format]);
  const size = width * height * (format === 'rgb24' ? 3 : 1);
  return Array.from({ length: Math.floor(raw.length / size) }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

/** The audio as interleaved 32-bit float samples at 44.1 kHz, with this many channels. */
export function decodeAudio(file: Buffer, channels: number): Float32Array {
  const raw = decode(file, ['-f', 'f32le', '-ac', String(channels), '-ar', '44100']);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}
