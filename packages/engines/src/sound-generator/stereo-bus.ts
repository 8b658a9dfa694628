export const SAMPLE_RATE = 44_100;

/** A stereo mix in floats, with a send to the reverb. */
export type StereoBus = { left: Float32Array; right: Float32Array; sendLeft: Float32Array; sendRight: Float32Array };

export function createBus(samples: number): StereoBus {
  return {
    left: new Float32Array(samples),
    right: new Float32Array(samples),
    sendLeft: new Float32Array(samples),
    sendRight: new Float32Array(samples),
  };
}

/** Where a voice goes in the mix: level, pan (-1 left .. 1 right) and reverb send. */
export type Placement = { gain: number; pan: number; reverb: number };

/** Adds a mono signal at sample `start` to the bus, equal-power panned. */
export function mixInto(bus: StereoBus, signal: Float32Array, start: number, placement: Placement): void {
  const angle = ((placement.pan + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * placement.gain;
  const gr = Math.sin(angle) * placement.gain;
  const end = Math.min(bus.left.length, start + signal.length);
  for (let i = Math.max(0, start); i < end; i += 1) {
    const s = signal[i - start] ?? 0;
    bus.left[i] = (bus.left[i] ?? 0) + s * gl;
    bus.right[i] = (bus.right[i] ?? 0) + s * gr;
    bus.sendLeft[i] = (bus.sendLeft[i] ?? 0) + s * gl * placement.reverb;
    bus.sendRight[i] = (bus.sendRight[i] ?? 0) + s * gr * placement.reverb;
  }
}

export function midiToFrequency(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}
