import { SAMPLE_RATE, midiToFrequency } from './stereo-bus.ts';

/** Mono voices, each returning the samples of one note (including its release). */

const TWO_PI = Math.PI * 2;

/** Hammered string: inharmonic partials, each decaying faster the higher it is. */
export function piano(note: number, seconds: number, velocity: number): Float32Array {
  const f = midiToFrequency(note);
  const length = Math.round((seconds + 1.2) * SAMPLE_RATE);
  const out = new Float32Array(length);
  const inharmonicity = 0.0004;
  for (let k = 1; k <= 7; k += 1) {
    const fk = k * f * Math.sqrt(1 + inharmonicity * k * k);
    if (fk > SAMPLE_RATE / 2.2) break;
    const amplitude = velocity / k ** 1.4;
    const decay = 1.1 + k * 0.8 + f / 600;
    const w = (TWO_PI * fk) / SAMPLE_RATE;
    for (let i = 0; i < length; i += 1) {
      const t = i / SAMPLE_RATE;
      const release = t > seconds ? Math.exp(-(t - seconds) * 8) : 1;
      out[i] = (out[i] ?? 0) + amplitude * Math.sin(w * i) * Math.exp(-t * decay) * release * Math.min(1, t * 400);
    }
  }
  return out;
}

/** FM bell: carrier and an inharmonic modulator whose index fades with the note. */
export function bell(note: number, velocity: number): Float32Array {
  const f = midiToFrequency(note);
  const length = Math.round(3.5 * SAMPLE_RATE);
  const out = new Float32Array(length);
  const wc = (TWO_PI * f) / SAMPLE_RATE;
  const wm = (TWO_PI * f * 3.5) / SAMPLE_RATE;
  for (let i = 0; i < length; i += 1) {
    const t = i / SAMPLE_RATE;
    const index = 2.2 * Math.exp(-t * 3);
    out[i] = velocity * Math.sin(wc * i + index * Math.sin(wm * i)) * Math.exp(-t * 1.3) * Math.min(1, t * 1000);
  }
  return out;
}

/** Karplus–Strong plucked string. */
export function pluck(note: number, velocity: number, random: () => number): Float32Array {
  const f = midiToFrequency(note);
  const length = Math.round(2 * SAMPLE_RATE);
  const period = Math.max(2, Math.round(SAMPLE_RATE / f));
  const ring = new Float32Array(period);
  for (let i = 0; i < period; i += 1) ring[i] = random() * 2 - 1;
  const out = new Float32Array(length);
  let previous = 0;
  for (let i = 0; i < length; i += 1) {
    const j = i % period;
    const current = ring[j] ?? 0;
    const next = 0.996 * 0.5 * (current + previous);
    previous = current;
    ring[j] = next;
    out[i] = current * velocity;
  }
  return out;
}

/** Soft saw (first harmonics) with slow attack and release; detuned copies make a pad or strings. */
export function sustained(
  note: number,
  seconds: number,
  options: { attack: number; release: number; harmonics: number; detune: number; vibrato: number; velocity: number },
): Float32Array {
  const f = midiToFrequency(note);
  const length = Math.round((seconds + options.release) * SAMPLE_RATE);
  const out = new Float32Array(length);
  for (const cents of [-options.detune, 0, options.detune]) {
    const fd = f * 2 ** (cents / 1200);
    for (let k = 1; k <= options.harmonics; k += 1) {
      if (fd * k > SAMPLE_RATE / 2.2) break;
      const amplitude = options.velocity / (k * 3);
      let phase = 0;
      for (let i = 0; i < length; i += 1) {
        const t = i / SAMPLE_RATE;
        const vibrato = 1 + options.vibrato * Math.sin(TWO_PI * 5 * t) * Math.min(1, t);
        phase += (TWO_PI * fd * k * vibrato) / SAMPLE_RATE;
        const envelope = Math.min(1, t / options.attack) * (t > seconds ? Math.max(0, 1 - (t - seconds) / options.release) : 1);
        out[i] = (out[i] ?? 0) + amplitude * Math.sin(phase) * envelope;
      }
    }
  }
  return out;
}

/** Breathy flute: a sine with vibrato and a little filtered noise. */
export function flute(note: number, seconds: number, velocity: number, random: () => number): Float32Array {
  const tone = sustained(note, seconds, { attack: 0.12, release: 0.25, harmonics: 2, detune: 0, vibrato: 0.004, velocity });
  let low = 0;
  for (let i = 0; i < tone.length; i += 1) {
    low += 0.08 * (random() * 2 - 1 - low);
    tone[i] = (tone[i] ?? 0) + low * velocity * 0.5 * Math.min(1, i / (0.1 * SAMPLE_RATE));
  }
  return tone;
}

/** Round sub bass: sine plus a quieter second harmonic. */
export function bass(note: number, seconds: number, velocity: number): Float32Array {
  const f = midiToFrequency(note);
  const length = Math.round((seconds + 0.08) * SAMPLE_RATE);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i += 1) {
    const t = i / SAMPLE_RATE;
    const envelope = Math.min(1, t * 200) * (t > seconds ? Math.max(0, 1 - (t - seconds) / 0.08) : 1) * Math.exp(-t * 0.8);
    out[i] = velocity * envelope * (Math.sin(TWO_PI * f * t) + 0.3 * Math.sin(TWO_PI * 2 * f * t));
  }
  return out;
}

export function kick(velocity: number): Float32Array {
  const length = Math.round(0.4 * SAMPLE_RATE);
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i += 1) {
    const t = i / SAMPLE_RATE;
    phase += (TWO_PI * (50 + 110 * Math.exp(-t * 30))) / SAMPLE_RATE;
    out[i] = velocity * Math.sin(phase) * Math.exp(-t * 9);
  }
  return out;
}

export function snare(velocity: number, random: () => number): Float32Array {
  const length = Math.round(0.25 * SAMPLE_RATE);
  const out = new Float32Array(length);
  let previous = 0;
  for (let i = 0; i < length; i += 1) {
    const t = i / SAMPLE_RATE;
    const noise = random() * 2 - 1;
    const bright = noise - previous;
    previous = noise;
    out[i] = velocity * (0.6 * bright * Math.exp(-t * 18) + 0.5 * Math.sin(TWO_PI * 190 * t) * Math.exp(-t * 25));
  }
  return out;
}

export function hat(velocity: number, open: boolean, random: () => number): Float32Array {
  const length = Math.round((open ? 0.25 : 0.06) * SAMPLE_RATE);
  const out = new Float32Array(length);
  let previous = 0;
  for (let i = 0; i < length; i += 1) {
    const t = i / SAMPLE_RATE;
    const noise = random() * 2 - 1;
    out[i] = velocity * (noise - previous) * 0.5 * Math.exp(-t * (open ? 14 : 60));
    previous = noise;
  }
  return out;
}
