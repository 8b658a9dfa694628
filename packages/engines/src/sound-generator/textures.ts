import type { TextureLayer } from './layers.ts';
import { SAMPLE_RATE } from './stereo-bus.ts';

/** Ambient textures from filtered noise and small events, one mono channel of `samples`. */

const TWO_PI = Math.PI * 2;

/** Slowly wandering value in 0..1 (interpolated random points every `seconds`). */
function drift(random: () => number, seconds: number): (t: number) => number {
  const points: number[] = [];
  return (t: number) => {
    const x = t / seconds;
    const i = Math.floor(x);
    while (points.length < i + 2) points.push(random());
    const f = x - i;
    const s = f * f * (3 - 2 * f);
    return (points[i] ?? 0) * (1 - s) + (points[i + 1] ?? 0) * s;
  };
}

/** State-variable band-pass filter, frequency and resonance per sample. */
function bandPass() {
  let low = 0;
  let band = 0;
  return (input: number, frequency: number, q: number) => {
    const f = 2 * Math.sin((Math.PI * Math.min(frequency, SAMPLE_RATE / 6)) / SAMPLE_RATE);
    const high = input - low - band / q;
    band += f * high;
    low += f * band;
    return band;
  };
}

function addEvent(out: Float32Array, start: number, event: Float32Array): void {
  for (let i = 0; i < event.length && start + i < out.length; i += 1) out[start + i] = (out[start + i] ?? 0) + (event[i] ?? 0);
}

export function renderTexture(layer: TextureLayer, samples: number, random: () => number): Float32Array {
  const out = new Float32Array(samples);
  const noise = () => random() * 2 - 1;
  switch (layer) {
    case 'rain': {
      // A hiss of bright noise plus droplets: short decaying blips at random pitches.
      let previous = 0;
      const level = drift(random, 3);
      for (let i = 0; i < samples; i += 1) {
        const n = noise();
        out[i] = (n - previous * 0.6) * (0.16 + 0.06 * level(i / SAMPLE_RATE));
        previous = n;
      }
      const drops = Math.round((samples / SAMPLE_RATE) * 35);
      for (let d = 0; d < drops; d += 1) {
        const frequency = 1800 + random() * 3500;
        const length = Math.round(0.012 * SAMPLE_RATE);
        const drop = new Float32Array(length);
        const amplitude = 0.05 + random() * 0.2;
        for (let i = 0; i < length; i += 1)
          drop[i] = amplitude * Math.sin((TWO_PI * frequency * i) / SAMPLE_RATE) * Math.exp(-i / (0.0025 * SAMPLE_RATE));
        addEvent(out, Math.floor(random() * samples), drop);
      }
      break;
    }
    case 'ocean': {
      // Brown noise through a low-pass that opens as each wave breaks and closes as it recedes.
      const period = 7 + random() * 4;
      const phase = random();
      let brown = 0;
      let low = 0;
      for (let i = 0; i < samples; i += 1) {
        const t = i / SAMPLE_RATE;
        const cycle = (t / period + phase) % 1;
        const surge = Math.sin(Math.PI * cycle) ** 3;
        brown = Math.max(-1, Math.min(1, brown + noise() * 0.05)) * 0.999;
        const white = noise();
        const cutoff = 0.02 + 0.25 * surge;
        low += cutoff * (white * 0.5 + brown - low);
        out[i] = low * (0.15 + 0.85 * surge) * 0.8;
      }
      break;
    }
    case 'wind': {
      const centre = drift(random, 2.5);
      const gust = drift(random, 1.7);
      const filter = bandPass();
      for (let i = 0; i < samples; i += 1) {
        const t = i / SAMPLE_RATE;
        out[i] = filter(noise(), 250 + 700 * centre(t), 4) * (0.2 + 0.8 * gust(t) ** 2) * 0.5;
      }
      break;
    }
    case 'fire': {
      let brown = 0;
      for (let i = 0; i < samples; i += 1) {
        brown = (brown + noise() * 0.02) * 0.995;
        out[i] = brown * 0.8;
      }
      const crackles = Math.round((samples / SAMPLE_RATE) * 14);
      for (let c = 0; c < crackles; c += 1) {
        const length = Math.round((0.001 + random() * 0.004) * SAMPLE_RATE);
        const crackle = new Float32Array(length);
        const amplitude = 0.1 + random() * 0.5;
        for (let i = 0; i < length; i += 1) crackle[i] = noise() * amplitude * (1 - i / length);
        addEvent(out, Math.floor(random() * samples), crackle);
      }
      break;
    }
    case 'birds': {
      // Phrases of two to five chirps (fast pitch sweeps) every one to three seconds.
      let t = random();
      while (t < samples / SAMPLE_RATE) {
        const chirps = 2 + Math.floor(random() * 4);
        const base = 2500 + random() * 2000;
        for (let c = 0; c < chirps; c += 1) {
          const length = Math.round((0.05 + random() * 0.08) * SAMPLE_RATE);
          const chirp = new Float32Array(length);
          const sweep = (random() - 0.3) * 1500;
          let phase = 0;
          for (let i = 0; i < length; i += 1) {
            const x = i / length;
            phase += (TWO_PI * (base + sweep * x)) / SAMPLE_RATE;
            chirp[i] = 0.25 * Math.sin(phase) * Math.sin(Math.PI * x);
          }
          addEvent(out, Math.round((t + c * 0.12) * SAMPLE_RATE), chirp);
        }
        t += 1 + random() * 2;
      }
      break;
    }
    case 'stream': {
      const filters = [bandPass(), bandPass(), bandPass()];
      const centres = filters.map(() => drift(random, 0.15 + random() * 0.2));
      for (let i = 0; i < samples; i += 1) {
        const t = i / SAMPLE_RATE;
        let sum = 0;
        filters.forEach((filter, k) => {
          sum += filter(noise(), 600 + 2200 * (centres[k]?.(t) ?? 0), 6);
        });
        out[i] = sum * 0.22;
      }
      break;
    }
    case 'crickets': {
      // Trains of three or four 4.5 kHz pulses, about twice a second.
      let t = random() * 0.5;
      const frequency = 4300 + random() * 600;
      while (t < samples / SAMPLE_RATE) {
        for (let p = 0; p < 3 + Math.floor(random() * 2); p += 1) {
          const length = Math.round(0.018 * SAMPLE_RATE);
          const pulse = new Float32Array(length);
          for (let i = 0; i < length; i += 1)
            pulse[i] = 0.08 * Math.sin((TWO_PI * frequency * i) / SAMPLE_RATE) * Math.sin((Math.PI * i) / length);
          addEvent(out, Math.round((t + p * 0.03) * SAMPLE_RATE), pulse);
        }
        t += 0.4 + random() * 0.25;
      }
      break;
    }
    case 'thunder': {
      // One or two rumbles: low-passed noise with a sharp start and a slow decay.
      const strikes = 1 + Math.floor(random() * 2);
      for (let s = 0; s < strikes; s += 1) {
        const start = Math.floor(random() * samples * 0.7);
        const length = Math.min(samples - start, Math.round((2.5 + random() * 2) * SAMPLE_RATE));
        let low = 0;
        let lower = 0;
        for (let i = 0; i < length; i += 1) {
          const t = i / SAMPLE_RATE;
          low += 0.03 * (noise() - low);
          lower += 0.05 * (low - lower);
          const envelope = Math.min(1, t * 20) * Math.exp(-t * 1.1) * (1 + 0.5 * Math.sin(t * 9));
          out[start + i] = (out[start + i] ?? 0) + lower * envelope * 9;
        }
      }
      break;
    }
    case 'drone': {
      const wobble = drift(random, 4);
      const f = 55 * 2 ** Math.floor(random() * 2);
      let low = 0;
      for (let i = 0; i < samples; i += 1) {
        const t = i / SAMPLE_RATE;
        low += 0.01 * (noise() - low);
        const tone = Math.sin(TWO_PI * f * t) + 0.6 * Math.sin(TWO_PI * f * 1.5 * 1.002 * t) + 0.4 * Math.sin(TWO_PI * f * 2.003 * t);
        out[i] = (0.12 * tone * (0.7 + 0.3 * wobble(t)) + low * 2) * 0.8;
      }
      break;
    }
  }
  return out;
}
