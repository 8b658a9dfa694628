import { SAMPLE_RATE } from './stereo-bus.ts';
import type { StereoBus } from './stereo-bus.ts';

/** Freeverb-style reverb (parallel damped combs, then all-passes) of the bus's send, added to the mix. */
export function addReverb(bus: StereoBus, amount: number): void {
  const scale = SAMPLE_RATE / 44_100;
  const combs = [1116, 1188, 1277, 1356, 1422, 1491];
  const allPasses = [556, 441, 341];
  for (const [input, output, spread] of [
    [bus.sendLeft, bus.left, 0],
    [bus.sendRight, bus.right, 23],
  ] as const) {
    const wet = new Float32Array(input.length);
    for (const delay of combs) {
      const length = Math.round((delay + spread) * scale);
      const line = new Float32Array(length);
      let index = 0;
      let filtered = 0;
      for (let i = 0; i < input.length; i += 1) {
        const out = line[index] ?? 0;
        filtered = out * 0.8 + filtered * 0.2;
        line[index] = (input[i] ?? 0) + filtered * 0.84;
        wet[i] = (wet[i] ?? 0) + out;
        index = (index + 1) % length;
      }
    }
    for (const delay of allPasses) {
      const length = Math.round((delay + spread) * scale);
      const line = new Float32Array(length);
      let index = 0;
      for (let i = 0; i < wet.length; i += 1) {
        const buffered = line[index] ?? 0;
        const x = wet[i] ?? 0;
        line[index] = x + buffered * 0.5;
        wet[i] = buffered - x;
        index = (index + 1) % length;
      }
    }
    for (let i = 0; i < output.length; i += 1) output[i] = (output[i] ?? 0) + (wet[i] ?? 0) * amount * 0.12;
  }
}

/** Fades in and out, removes DC and scales the peak to -1 dBFS (a silent mix stays silent). */
export function master(bus: StereoBus, fadeIn: number, fadeOut: number): void {
  const n = bus.left.length;
  const inSamples = Math.max(1, Math.round(fadeIn * SAMPLE_RATE));
  const outSamples = Math.max(1, Math.round(fadeOut * SAMPLE_RATE));
  let peak = 0;
  for (const channel of [bus.left, bus.right]) {
    let mean = 0;
    for (let i = 0; i < n; i += 1) mean += channel[i] ?? 0;
    mean /= n;
    for (let i = 0; i < n; i += 1) {
      const gain = Math.min(1, i / inSamples, (n - 1 - i) / outSamples);
      const value = ((channel[i] ?? 0) - mean) * Math.max(0, gain);
      channel[i] = value;
      peak = Math.max(peak, Math.abs(value));
    }
  }
  if (peak === 0) return;
  const target = 10 ** (-1 / 20) / peak;
  for (const channel of [bus.left, bus.right]) for (let i = 0; i < n; i += 1) channel[i] = (channel[i] ?? 0) * target;
}
