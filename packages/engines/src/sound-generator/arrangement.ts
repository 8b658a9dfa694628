import { bass, bell, flute, hat, kick, piano, pluck, snare, sustained } from './instruments.ts';
import type { MusicLayer } from './layers.ts';
import type { SoundDesign } from './prompt-design.ts';
import { SAMPLE_RATE, mixInto } from './stereo-bus.ts';
import type { Placement, StereoBus } from './stereo-bus.ts';

/** Note of scale degree `degree` (may exceed the scale; wraps into octaves) from the key's root. */
function degreeNote(design: SoundDesign, degree: number, octaveShift = 0): number {
  const size = design.scale.length;
  const octave = Math.floor(degree / size);
  const step = design.scale[((degree % size) + size) % size] ?? 0;
  return design.root + step + 12 * (octave + octaveShift);
}

function chordDegrees(root: number): number[] {
  return [root, root + 2, root + 4];
}

const placements: Record<MusicLayer, Placement> = {
  pad: { gain: 0.16, pan: 0, reverb: 0.6 },
  strings: { gain: 0.14, pan: -0.2, reverb: 0.5 },
  piano: { gain: 0.35, pan: 0.15, reverb: 0.35 },
  bells: { gain: 0.18, pan: 0.35, reverb: 0.6 },
  pluck: { gain: 0.3, pan: -0.3, reverb: 0.35 },
  flute: { gain: 0.22, pan: 0.25, reverb: 0.45 },
  organ: { gain: 0.1, pan: -0.15, reverb: 0.4 },
  brass: { gain: 0.11, pan: 0.2, reverb: 0.35 },
  bass: { gain: 0.42, pan: 0, reverb: 0.05 },
  drums: { gain: 0.5, pan: 0, reverb: 0.1 },
};

/**
 * Plays one music layer over the whole duration: chords follow the design's progression one bar
 * at a time; melodies walk the scale; drums follow a pattern whose density grows with energy.
 */
export function playLayer(layer: MusicLayer, design: SoundDesign, bus: StereoBus, seconds: number, random: () => number): void {
  const beat = 60 / design.tempo;
  const bar = beat * 4;
  const bars = Math.ceil(seconds / bar);
  const place = placements[layer];
  const at = (time: number) => Math.round(time * SAMPLE_RATE);
  const put = (signal: Float32Array, time: number, pan = place.pan) => mixInto(bus, signal, at(time), { ...place, pan });
  let melody = Math.floor(random() * 3) + 7;

  for (let b = 0; b < bars; b += 1) {
    const barStart = b * bar;
    const chord = chordDegrees(design.progression[b % design.progression.length] ?? 0);
    switch (layer) {
      case 'pad':
      case 'strings': {
        const strings = layer === 'strings';
        for (const degree of chord) {
          const note = degreeNote(design, degree, strings ? 0 : -1);
          put(
            sustained(note, bar, {
              attack: strings ? 0.6 : 0.9,
              release: 1.2,
              harmonics: strings ? 6 : 4,
              detune: strings ? 8 : 12,
              vibrato: strings ? 0.003 : 0,
              velocity: 1,
            }),
            barStart,
            place.pan + (random() - 0.5) * 0.4,
          );
        }
        break;
      }
      case 'organ': {
        // Drawbar organ: bright, steady chords, no detune.
        for (const degree of chord) {
          const note = degreeNote(design, degree, 0);
          put(sustained(note, bar, { attack: 0.03, release: 0.2, harmonics: 8, detune: 0, vibrato: 0.002, velocity: 0.6 }), barStart);
        }
        break;
      }
      case 'brass': {
        // Swells on calm music; on energetic music, stabs on the first and third beat.
        const stabs = design.energy > 0.5 ? [0, 2] : [0];
        for (const beatIndex of stabs) {
          const length = stabs.length > 1 ? beat * 1.2 : bar;
          for (const degree of chord) {
            const note = degreeNote(design, degree, 0);
            put(
              sustained(note, length, {
                attack: stabs.length > 1 ? 0.04 : 0.3,
                release: 0.3,
                harmonics: 10,
                detune: 5,
                vibrato: 0.004,
                velocity: 1,
              }),
              barStart + beatIndex * beat,
              place.pan + (random() - 0.5) * 0.3,
            );
          }
        }
        break;
      }
      case 'bass': {
        const note = degreeNote(design, chord[0] ?? 0, -2);
        const steps = design.energy > 0.6 ? 8 : design.energy > 0.3 ? 4 : 2;
        for (let s = 0; s < steps; s += 1) {
          const length = (bar / steps) * 0.9;
          put(bass(s % 4 === 3 && random() < 0.3 ? note + 7 : note, length, 0.9), barStart + (s * bar) / steps);
        }
        break;
      }
      case 'piano':
      case 'pluck':
      case 'bells':
      case 'flute': {
        const perBar = layer === 'flute' ? 2 : layer === 'bells' ? (design.energy > 0.5 ? 4 : 2) : design.energy > 0.5 ? 8 : 4;
        if (layer === 'piano' && random() < 0.8) {
          // Left hand: the chord at the start of the bar.
          for (const degree of chord) put(piano(degreeNote(design, degree, -1), bar * 0.9, 0.35), barStart);
        }
        for (let n = 0; n < perBar; n += 1) {
          if (random() < (layer === 'bells' ? 0.35 : 0.15)) continue;
          // Melody: a random walk on the scale, drawn toward chord tones.
          melody += Math.floor(random() * 5) - 2;
          melody = Math.max(4, Math.min(13, melody));
          if (n === 0) melody = (chord[Math.floor(random() * 3)] ?? 0) + 7;
          const time = barStart + (n * bar) / perBar + (random() - 0.5) * 0.01;
          const length = (bar / perBar) * (0.8 + random() * 0.6);
          const velocity = 0.6 + random() * 0.4;
          const octave = layer === 'bells' ? 1 : 0;
          const note = degreeNote(design, melody, octave);
          const signal =
            layer === 'piano'
              ? piano(note, length, velocity)
              : layer === 'pluck'
                ? pluck(note, velocity, random)
                : layer === 'bells'
                  ? bell(note, velocity)
                  : flute(note, length, velocity, random);
          put(signal, time);
        }
        break;
      }
      case 'drums': {
        const four = design.energy > 0.7;
        for (let s = 0; s < 16; s += 1) {
          const time = barStart + (s * beat) / 4;
          if (s % 4 === 0 && (four || s % 8 === 0)) put(kick(1), time);
          if (!four && s === 10 && random() < 0.5) put(kick(0.8), time);
          if (s % 8 === 4) put(snare(0.7, random), time, 0.05);
          const hatEvery = design.energy > 0.5 ? 2 : 4;
          if (s % hatEvery === 0 || (design.energy > 0.8 && random() < 0.3))
            put(hat(0.35 + random() * 0.2, s % 8 === 6 && random() < 0.3, random), time, 0.3);
        }
        break;
      }
    }
  }
}
