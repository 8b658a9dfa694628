/**
 * Time of the built-in media engines on reference inputs, in this process (wall time and the
 * process's CPU time, which includes libvips' encoder threads):
 *   - speedpainting: a 1024×768 picture → 10 s 480p video (each style), and 720p oil
 *   - sound-generator: 8 s of audio for three prompts (texture, ensemble, drums)
 *   - sales-pilot: a 30-minute two-speaker WebVTT call
 *
 *   npm run bench:engines-media -w @lumen/server      (BENCH_RUNS=3 to repeat each case)
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { salesPilotEngine, soundGeneratorEngine, speedpaintingEngine } from '@lumen/engines';
import type { EngineResult } from '@lumen/engines';
import { landscapePng, longVtt } from '@lumen/engines/testing';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const context = () => ({ signal: new AbortController().signal, onProgress: () => undefined });

type Row = { name: string; wallMs: number; cpuMs: number; output: string };

async function measure(name: string, run: () => Promise<EngineResult>, describe: (result: EngineResult) => string): Promise<Row> {
  const walls: number[] = [];
  const cpu: number[] = [];
  let output = '';
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await run();
    const used = process.cpuUsage(cpuBefore);
    walls.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    output = describe(result);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const row = { name, wallMs: median(walls), cpuMs: median(cpu), output };
  console.log(`${row.name}: ${row.wallMs.toFixed(0)} ms wall, ${row.cpuMs.toFixed(0)} ms CPU — ${row.output}`);
  return row;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${RUNS} run(s) per case (median)\n`);
  const picture = await landscapePng(1024, 768);
  const rows: Row[] = [];
  const video = (result: EngineResult) => {
    const summary = result.summary as { width: number; height: number; frames: number; strokes: number };
    return `${summary.width}×${summary.height}, ${summary.frames} frames, ${summary.strokes} strokes, video ${kb(result.files[0]!.data.length)}, preview ${kb(result.files[0]!.preview?.data.length ?? 0)}`;
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
          `${kb(result.files[0]!.data.length)} WAV, layers ${(result.summary as { design: { layers: string[] } }).design.layers.join('+')}`,
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
  console.log('\n| engine and input | wall ms | CPU ms | output |\n|---|---:|---:|---|');
  for (const row of rows) console.log(`| ${row.name} | ${row.wallMs.toFixed(0)} | ${row.cpuMs.toFixed(0)} | ${row.output} |`);
}

await main();
