import { seededRandom } from '../speedpainting/seeded-random.ts';
import { playLayer } from './arrangement.ts';
import { addReverb, master } from './effects.ts';
import { musicLayers, textureLayers } from './layers.ts';
import type { MusicLayer, TextureLayer } from './layers.ts';
import type { SoundDesign } from './prompt-design.ts';
import { SAMPLE_RATE, createBus, mixInto } from './stereo-bus.ts';
import { renderTexture } from './textures.ts';

const textureGain: Record<TextureLayer, number> = {
  rain: 0.5,
  ocean: 0.7,
  wind: 0.55,
  fire: 0.6,
  birds: 0.35,
  stream: 0.45,
  crickets: 0.3,
  thunder: 0.8,
  drone: 0.35,
};

/** Renders a design to stereo floats at 44.1 kHz, mastered to -1 dBFS. */
export function synthesize(
  design: SoundDesign,
  seconds: number,
  progress: (fraction: number) => void = () => undefined,
  signal?: AbortSignal,
): { left: Float32Array; right: Float32Array } {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const bus = createBus(samples);
  const random = seededRandom(design.seed ^ 0x5bd1e995);
  const layers = design.layers;
  layers.forEach((layer, index) => {
    signal?.throwIfAborted();
    if ((textureLayers as readonly string[]).includes(layer)) {
      const texture = layer as TextureLayer;
      const gain = textureGain[texture] * (layers.length > 2 ? 0.8 : 1);
      // Two independent renders, panned apart, give the texture width.
      mixInto(bus, renderTexture(texture, samples, random), 0, { gain, pan: -0.5, reverb: 0.25 });
      mixInto(bus, renderTexture(texture, samples, random), 0, { gain, pan: 0.5, reverb: 0.25 });
    } else if ((musicLayers as readonly string[]).includes(layer)) {
      playLayer(layer as MusicLayer, design, bus, seconds, random);
    }
    progress(((index + 1) / layers.length) * 0.8);
  });
  signal?.throwIfAborted();
  addReverb(bus, 1);
  const onlyTextures = layers.every((layer) => (textureLayers as readonly string[]).includes(layer));
  master(bus, onlyTextures ? Math.min(0.6, seconds / 4) : 0.02, Math.min(1.5, seconds * 0.15));
  progress(0.9);
  return { left: bus.left, right: bus.right };
}
