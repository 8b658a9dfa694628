/**
 * Time of the built-in media engines on reference inputs, in this process (wall time and the
 * process's CPU time; ffmpeg encodes in a child process, whose CPU time is reported separately):
 *   - speedpainting: a 1024×768 picture → 10 s 480p H.264 MP4 (each style), and 720p oil
 *   - sound-generator: 8 s of audio for three prompts (texture, ensemble, drums), as MP3 and WAV
 *   - sales-pilot: a 30-minute two-speaker WebVTT call
 *
 *   npm run bench:engines-media -w @lumen/server      (BENCH_RUNS=3 to repeat each case)
 */
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { salesPilotEngine, soundGeneratorEngine, speedpaintingEngine } from '@lumen/engines';
import type { EngineResult } from '@lumen/engines';
import { landscapePng, longVtt } from '@lumen/engines/testing';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const context = () => ({ signal: new AbortController().signal, onProgress: () => undefined });

type Row = { name: string; wallMs: number; cpuMs: number; childCpuMs: number; output: string };

/** CPU time of this process's finished children (the ffmpeg runs) in ms, from /proc (Linux); Node has no API for it. */
async function childrenCpuMs(): Promise<number> {
  const fields = (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ');
  // cutime and cstime, fields 16 and 17 of stat (14 and 15 after the command name), in clock ticks of 10 ms.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

async function measure(name: string, run: () => Promise<EngineResult>, describe: (result: EngineResult) => string): Promise<Row> {
  const walls: number[] = [];
  const cpu: number[] = [];
  const childCpu: number[] = [];
  let output = '';
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const childBefore = await childrenCpuMs();
    const result = await run();
    const used = process.cpuUsage(cpuBefore);
    walls.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    childCpu.push((await childrenCpuMs()) - childBefore);
    output = describe(result);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const row = { name, wallMs: median(walls), cpuMs: median(cpu), childCpuMs: median(childCpu), output };
  console.log(
    `${row.name}: ${row.wallMs.toFixed(0)} ms wall, ${row.cpuMs.toFixed(0)} ms CPU + ${row.childCpuMs.toFixed(0)} ms ffmpeg — ${row.output}`,
  );
  return row;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const fileOf = (result: EngineResult, contentType: string) => result.files.find((file) => file.contentType === contentType);

async function main(): Promise<void> {
  console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${RUNS} run(s) per case (median)\n`);
  const picture = await landscapePng(1024, 768);
  const rows: Row[] = [];
  const video = (result: EngineResult) => {
    const summary = result.summary as { width: number; height: number; frames: number; fps: number; strokes: number };
    const mp4 = fileOf(result, 'video/mp4')!;
    const kbits = (mp4.data.length * 8) / (summary.frames / summary.fps) / 1000;
    return `${summary.width}×${summary.height}, ${summary.frames} frames, ${summary.strokes} strokes, MP4 ${kb(mp4.data.length)} (${kbits.toFixed(0)} kbit/s), preview MP4 ${kb(mp4.preview?.data.length ?? 0)}`;
  };
  for (const style of ['oil', 'watercolor', 'sketch'] as const) {
    rows.push(
      await measure(
        `speedpainting ${style} 10 s 480p`,
        () =>
          speedpaintingEngine.run(
            {
              params: { durationSeconds: 10, resolution: '480p', style },
              files: { image: { name: 'ref.png', contentType: 'image/png', data: picture } },
            },
            context(),
          ),
        video,
      ),
    );
  }
  rows.push(
    await measure(
      'speedpainting oil 10 s 720p',
      () =>
        speedpaintingEngine.run(
          {
            params: { durationSeconds: 10, resolution: '720p', style: 'oil' },
            files: { image: { name: 'ref.png', contentType: 'image/png', data: picture } },
          },
          context(),
        ),
      video,
    ),
  );
  for (const prompt of ['gentle rain on a window', 'calm piano with strings and bells', 'energetic techno beat with bass']) {
    rows.push(
      await measure(
        `sound 8 s: "${prompt}"`,
        () => soundGeneratorEngine.run({ params: { prompt, durationSeconds: 8, format: 'wav' }, files: {} }, context()),
        (result) =>
          `MP3 ${kb(fileOf(result, 'audio/mpeg')!.data.length)}, WAV ${kb(fileOf(result, 'audio/wav')!.data.length)}, layers ${(result.summary as { design: { layers: string[] } }).design.layers.join('+')}`,
      ),
    );
  }
  const call = Buffer.from(longVtt(14), 'utf8');
  rows.push(
    await measure(
      'sales-pilot 30-minute call (VTT)',
      () =>
        salesPilotEngine.run(
          { params: { language: 'en' }, files: { transcript: { name: 'call.vtt', contentType: 'text/vtt', data: call } } },
          context(),
        ),
      (result) => {
        const report = result.summary as { source: { words: number; turns: number; durationSeconds: number } };
        return `${kb(call.length)} input, ${report.source.turns} turns, ${report.source.words} words, ${Math.round(report.source.durationSeconds / 60)} min; HTML ${kb(result.files[0]!.data.length)}`;
      },
    ),
  );
  console.log('\n| engine and input | wall ms | CPU ms (Node) | CPU ms (ffmpeg) | output |\n|---|---:|---:|---:|---|');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.wallMs.toFixed(0)} | ${row.cpuMs.toFixed(0)} | ${row.childCpuMs.toFixed(0)} | ${row.output} |`);
  }
}

await main();
