import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The ffmpeg program of @ffmpeg-installer (a static GPL build), run as a separate process: raw
 * frames or samples go in on stdin, the encoded file comes back from a temporary file (MP4's
 * faststart rewrites the file, so the output must be seekable). See docs/decisions/044. The
 * package is loaded on the first encode, not when the engines are (every API process loads them).
 */
async function ffmpegPath(): Promise<string> {
  const { default: ffmpegInstaller } = await import('@ffmpeg-installer/ffmpeg');
  return ffmpegInstaller.path;
}

/** ffmpeg exited with an error; the message carries the last lines of its output. */
export class FfmpegError extends Error {}

type FfmpegProcess = {
  /** Writes to ffmpeg's stdin, waiting while its pipe is full. */
  write(chunk: Buffer): Promise<void>;
  /** Closes stdin and waits for ffmpeg to finish. */
  end(): Promise<void>;
  /** Stops ffmpeg at once and waits for it to exit. */
  kill(): Promise<void>;
};

async function startFfmpeg(args: string[], signal?: AbortSignal): Promise<FfmpegProcess> {
  const command = await ffmpegPath();
  signal?.throwIfAborted();
  const child = spawn(command, ['-hide_banner', '-nostats', '-loglevel', 'error', '-y', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  // EPIPE when ffmpeg stops reading early; the exit code below says why.
  child.stdin.on('error', () => undefined);
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });

  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(new FfmpegError(`ffmpeg could not be started (${command}): ${error.message}`)));
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else {
        const detail = stderr.trim().split('\n').slice(-3).join(' ').trim() || 'no output';
        reject(new FfmpegError(`ffmpeg failed (${code === null ? `killed by ${killedBy}` : `exit code ${code}`}): ${detail}`));
      }
    });
  });
  // Failures surface through write() or end(); this keeps an early exit from being unhandled meanwhile.
  exited.catch(() => undefined);

  return {
    async write(chunk) {
      signal?.throwIfAborted();
      if (child.exitCode !== null || child.signalCode !== null || child.stdin.destroyed) {
        await exited;
        throw new FfmpegError('ffmpeg stopped reading its input');
      }
      if (!child.stdin.write(chunk)) await Promise.race([once(child.stdin, 'drain').catch(() => exited), exited]);
    },
    async end() {
      child.stdin.end();
      await exited;
    },
    async kill() {
      kill();
      await exited.catch(() => undefined);
    },
  };
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'lumen-ffmpeg-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type Mp4Output = {
  width: number;
  height: number;
  /** Frames per second of this output; at or below the input's (frames are dropped evenly). */
  fps: number;
  /** x264 constant rate factor: 18 (near lossless) .. 28 (small); 23 is x264's default. */
  crf: number;
  /** Raw RGBA of the output's size drawn over every frame (the preview watermark). */
  overlay?: Buffer;
};

export type Mp4Encoder = {
  /** Adds one RGB frame (width × height × 3 bytes) shown `repeat` frames in a row. */
  addFrame(rgb: Buffer, repeat?: number): Promise<void>;
  /** Ends the input and returns one MP4 per output, in the order given. */
  finish(): Promise<Buffer[]>;
  /** Stops encoding and removes the temporary files (after a failure of the caller's own). */
  cancel(): Promise<void>;
};

/**
 * H.264 MP4 (High profile, yuv420p, moov before mdat) from RGB frames, written to one or more
 * outputs by a single ffmpeg process: each output may be smaller, at a lower frame rate and carry
 * an overlay. Keyframes every 2 s (and at scene cuts), so files stay small and seek well. The
 * caller either calls finish() or cancel(); an aborted signal kills ffmpeg.
 */
export async function createMp4Encoder(
  input: { width: number; height: number; fps: number },
  outputs: readonly Mp4Output[],
  signal?: AbortSignal,
): Promise<Mp4Encoder> {
  if (outputs.length === 0) throw new Error('createMp4Encoder needs at least one output');
  const dir = await mkdtemp(join(tmpdir(), 'lumen-ffmpeg-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  let ffmpeg: FfmpegProcess;
  try {
    const args = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${input.width}x${input.height}`, '-r', String(input.fps), '-i', '-'];
    const labels = outputs.map((_, i) => `[in${i}]`).join('');
    const filters = [outputs.length > 1 ? `[0:v]split=${outputs.length}${labels}` : '[0:v]null[in0]'];
    let nextInput = 1;
    for (const [i, output] of outputs.entries()) {
      const steps: string[] = [];
      if (output.fps !== input.fps) steps.push(`fps=${output.fps}`);
      if (output.width !== input.width || output.height !== input.height) steps.push(`scale=${output.width}:${output.height}:flags=area`);
      let chain = `[in${i}]${steps.length > 0 ? steps.join(',') : 'null'}`;
      if (output.overlay) {
        const file = join(dir, `overlay-${i}.rgba`);
        await writeFile(file, output.overlay);
        args.push('-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${output.width}x${output.height}`, '-i', file);
        chain += `[base${i}];[base${i}][${nextInput}:v]overlay=0:0`;
        nextInput += 1;
      }
      filters.push(`${chain},format=yuv420p[out${i}]`);
    }
    args.push('-filter_complex', filters.join(';'));
    for (const [i, output] of outputs.entries()) {
      args.push(
        ...['-map', `[out${i}]`, '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high'],
        ...['-crf', String(output.crf), '-pix_fmt', 'yuv420p', '-g', String(Math.round(output.fps * 2))],
        ...['-movflags', '+faststart', '-f', 'mp4', join(dir, `out-${i}.mp4`)],
      );
    }
    ffmpeg = await startFfmpeg(args, signal);
  } catch (error) {
    await removeDir();
    throw error;
  }

  const frameBytes = input.width * input.height * 3;
  const cancel = async () => {
    await ffmpeg.kill();
    await removeDir();
  };
  return {
    async addFrame(rgb, repeat = 1) {
      if (rgb.length !== frameBytes) throw new Error(`A frame must be ${input.width}×${input.height} RGB (${frameBytes} bytes)`);
      try {
        for (let i = 0; i < repeat; i += 1) await ffmpeg.write(rgb);
      } catch (error) {
        // ffmpeg failed or the job was aborted: nothing more will be encoded.
        await cancel();
        throw error;
      }
    },
    async finish() {
      try {
        await ffmpeg.end();
        return await Promise.all(outputs.map((_, i) => readFile(join(dir, `out-${i}.mp4`))));
      } finally {
        await removeDir();
      }
    },
    cancel,
  };
}

/** Samples per write: one second of 44.1 kHz stereo floats, well inside a pipe's back-pressure. */
const AUDIO_CHUNK_FRAMES = 44_100;

/**
 * MP3 (LAME, constant bitrate, with a Xing/LAME header so players know the exact length) from
 * float channels of equal length, -1..1.
 */
export async function encodeMp3(
  channels: readonly Float32Array[],
  sampleRate: number,
  options: { bitrateKbps: number; signal?: AbortSignal },
): Promise<Buffer> {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  if (count < 1 || count > 2 || channels.some((channel) => channel.length !== frames)) {
    throw new Error('encodeMp3 takes one or two channels of equal length');
  }
  return withTempDir(async (dir) => {
    const file = join(dir, 'out.mp3');
    const ffmpeg = await startFfmpeg(
      [
        ...['-f', 'f32le', '-ar', String(sampleRate), '-ac', String(count), '-i', '-'],
        ...['-c:a', 'libmp3lame', '-b:a', `${options.bitrateKbps}k`, '-f', 'mp3', file],
      ],
      options.signal,
    );
    try {
      for (let start = 0; start < frames; start += AUDIO_CHUNK_FRAMES) {
        const end = Math.min(frames, start + AUDIO_CHUNK_FRAMES);
        const chunk = Buffer.allocUnsafe((end - start) * count * 4);
        for (let i = start; i < end; i += 1) {
          for (let c = 0; c < count; c += 1) chunk.writeFloatLE(channels[c]![i]!, ((i - start) * count + c) * 4);
        }
        await ffmpeg.write(chunk);
      }
      await ffmpeg.end();
    } catch (error) {
      await ffmpeg.kill();
      throw error;
    }
    return readFile(file);
  });
}

/**
 * The preview free-plan users hear of any audio file ffmpeg reads (WAV, MP3, …): its first
 * `seconds` in mono MP3, faded out over the last half second.
 */
export async function encodeAudioPreviewMp3(
  file: Buffer,
  options: { seconds: number; bitrateKbps: number; signal?: AbortSignal },
): Promise<Buffer> {
  const fadeStart = Math.max(0, options.seconds - 0.5);
  return withTempDir(async (dir) => {
    const output = join(dir, 'preview.mp3');
    const ffmpeg = await startFfmpeg(
      [
        ...['-i', 'pipe:0', '-t', String(options.seconds), '-ac', '1', '-af', `afade=t=out:st=${fadeStart}:d=0.5`],
        ...['-c:a', 'libmp3lame', '-b:a', `${options.bitrateKbps}k`, '-f', 'mp3', output],
      ],
      options.signal,
    );
    try {
      await ffmpeg.write(file);
      await ffmpeg.end();
    } catch (error) {
      await ffmpeg.kill();
      throw error;
    }
    return readFile(output);
  });
}
