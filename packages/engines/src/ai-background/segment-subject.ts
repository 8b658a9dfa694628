import sharp from 'sharp';
import type { RgbImage } from './read-image-input.ts';
import { u2netModel, u2netSession } from './u2net-model.ts';

/** One byte a pixel: 255 subject, 0 background, values between on soft edges. */
export type AlphaMask = { data: Uint8Array; width: number; height: number };

/** Runs U²-Netp on the picture and returns its saliency map at the model's 320×320. */
async function predictSaliency(image: RgbImage): Promise<Float32Array> {
  const size = u2netModel.inputSize;
  const small = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(size, size, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let max = 1;
  for (const value of small) if (value > max) max = value;
  const plane = size * size;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) {
      input[c * plane + i] = ((small[i * 3 + c] ?? 0) / max - u2netModel.mean[c]!) / u2netModel.std[c]!;
    }
  }
  const session = await u2netSession();
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  const { Tensor } = await import('onnxruntime-node');
  const outputs = await session.run({ [inputName]: new Tensor('float32', input, [1, 3, size, size]) });
  const output = outputs[outputName]!.data as Float32Array;
  for (const tensor of Object.values(outputs)) tensor.dispose();
  return output;
}

/** Saliency → alpha at the picture's size: min-max normalised, upscaled, edges kept soft. */
export async function segmentSubject(image: RgbImage): Promise<AlphaMask> {
  const saliency = await predictSaliency(image);
  let low = Infinity;
  let high = -Infinity;
  for (const value of saliency) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const span = high - low || 1;
  const size = u2netModel.inputSize;
  const small = Buffer.alloc(size * size);
  for (let i = 0; i < small.length; i += 1) small[i] = Math.round(((saliency[i]! - low) / span) * 255);
  const full = await sharp(small, { raw: { width: size, height: size, channels: 1 } })
    .resize(image.width, image.height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: new Uint8Array(full.buffer, full.byteOffset, full.length), width: image.width, height: image.height };
}
