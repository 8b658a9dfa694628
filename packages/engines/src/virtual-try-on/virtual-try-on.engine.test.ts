import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GarmentCategory, VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext, EngineFile } from '../engine.ts';
import { detectPerson } from './person-pose.ts';
import { poseModel, poseModelConfig, poseModelFiles } from './pose-model.ts';
import { virtualTryOnEngine } from './virtual-try-on.engine.ts';

type Xy = [number, number];
/** Hand-marked on each photo: a point on the face and one in the middle of the chest. */
const photos: { file: string; face: Xy; chest: Xy }[] = [
  { file: 'standing-three-quarter.jpg', face: [129, 117], chest: [127, 253] },
  { file: 'standing-hands-clasped.jpg', face: [105, 106], chest: [105, 250] },
  { file: 'sitting.jpg', face: [112, 74], chest: [121, 192] },
  { file: 'running-arms-out.jpg', face: [291, 85], chest: [283, 250] },
  { file: 'arm-across-chest.jpg', face: [210, 90], chest: [170, 230] },
];

const fixture = async (file: string): Promise<EngineFile> => ({
  name: file,
  contentType: 'image/jpeg',
  data: await readFile(fileURLToPath(new URL(`./fixtures/${file}`, import.meta.url))),
});

/** A purple T-shirt on white: a colour none of the photos has, so every garment pixel can be told apart. */
const purple = { r: 176, g: 38, b: 255 };
const shirt = async (): Promise<EngineFile> => ({
  name: 'shirt.png',
  contentType: 'image/png',
  data: await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#ffffff"/><path d="M78 36 L102 30 Q120 48 138 30 L162 36 L210 72 L192 102 L168 87 L168 210 L72 210 L72 87 L48 102 L30 72 Z" fill="rgb(${purple.r},${purple.g},${purple.b})"/></svg>`,
    ),
  )
    .png()
    .toBuffer(),
});
const isGarment = (r: number, g: number, b: number) => b > 150 && r > 100 && g < 90 && b - g > 100;

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const tryOn = (params: VirtualTryOnParams, files: Record<string, EngineFile>) => virtualTryOnEngine.run({ params, files }, context());
const rgb = async (data: Buffer) => {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { raw, width: info.width, height: info.height };
};

type Pose = {
  leftShoulder: Xy;
  rightShoulder: Xy;
  leftHip: Xy | null;
  rightHip: Xy | null;
  faceBox: [number, number, number, number];
};

/** Body axis from the pose the engine reports: v = 0 on the shoulder line, 1 on the hip line. */
function torsoAxis(pose: Pose) {
  const shoulders: Xy = [(pose.leftShoulder[0] + pose.rightShoulder[0]) / 2, (pose.leftShoulder[1] + pose.rightShoulder[1]) / 2];
  const hipPoints = [pose.leftHip, pose.rightHip].filter((p): p is Xy => p !== null);
  expect(hipPoints.length).toBeGreaterThan(0);
  const hips: Xy = [hipPoints.reduce((s, p) => s + p[0], 0) / hipPoints.length, hipPoints.reduce((s, p) => s + p[1], 0) / hipPoints.length];
  const axis: Xy = [hips[0] - shoulders[0], hips[1] - shoulders[1]];
  const lengthSq = axis[0] ** 2 + axis[1] ** 2;
  return {
    shoulders,
    hips,
    v: (x: number, y: number) => ((x - shoulders[0]) * axis[0] + (y - shoulders[1]) * axis[1]) / lengthSq,
    /** Across the body in torso lengths, 0 on the axis. */
    u: (x: number, y: number) => ((x - shoulders[0]) * -axis[1] + (y - shoulders[1]) * axis[0]) / lengthSq,
  };
}

const fetchCalls: string[] = [];
const timings: number[] = [];

describe('virtual-try-on built-in engine', () => {
  beforeAll(() => {
    // The pose models load on the first try-on of this file: nothing may come over the network.
    vi.stubGlobal('fetch', (input: unknown) => {
      fetchCalls.push(String(input));
      return Promise.reject(new Error(`network access attempted: ${String(input)}`));
    });
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    if (timings.length) console.info(`try-on run times (ms): ${timings.join(', ')}`);
  });

  it('loads its pose, face and segmentation models from the package folder, not a URL', () => {
    const config = poseModelConfig();
    expect(config.modelBasePath).toMatch(/^file:\/\//);
    for (const model of [poseModelFiles.body, poseModelFiles.face, poseModelFiles.segmentation]) {
      expect(existsSync(fileURLToPath(new URL(model, config.modelBasePath)))).toBe(true);
    }
    expect(config.wasmPath).not.toMatch(/^https?:/);
    expect(existsSync(`${config.wasmPath}tfjs-backend-wasm-simd.wasm`)).toBe(true);
  });

  it.each(photos)('dresses the torso in $file and leaves the face alone', async ({ file, face, chest }) => {
    const person = await fixture(file);
    const started = performance.now();
    const result = await tryOn({ category: 'top', consentToLikeness: true }, { person, garment: await shirt() });
    timings.push(Math.round(performance.now() - started));
    const [output] = result.files;
    expect(output).toMatchObject({ name: 'try-on-top.png', contentType: 'image/png', kind: 'image' });
    const before = await rgb(person.data);
    const after = await rgb(output!.data);
    expect([after.width, after.height]).toEqual([before.width, before.height]);

    const pose = (result.summary as { pose: Pose }).pose;
    const [fx, fy, fw, fh] = pose.faceBox;
    // The models found this person: the hand-marked face is in the face box, the chest between shoulders and hips.
    expect(face[0]).toBeGreaterThanOrEqual(fx);
    expect(face[0]).toBeLessThanOrEqual(fx + fw);
    expect(face[1]).toBeGreaterThanOrEqual(fy);
    expect(face[1]).toBeLessThanOrEqual(fy + fh);
    const torso = torsoAxis(pose);
    expect(torso.v(...chest)).toBeGreaterThan(0);
    expect(torso.v(...chest)).toBeLessThan(1);

    // Not one pixel of the face box changed.
    let faceChanged = 0;
    for (let y = Math.max(0, Math.floor(fy)); y < Math.min(before.height, Math.ceil(fy + fh)); y += 1) {
      for (let x = Math.max(0, Math.floor(fx)); x < Math.min(before.width, Math.ceil(fx + fw)); x += 1) {
        const o = (y * before.width + x) * 3;
        if (before.raw[o] !== after.raw[o] || before.raw[o + 1] !== after.raw[o + 1] || before.raw[o + 2] !== after.raw[o + 2])
          faceChanged += 1;
      }
    }
    expect(faceChanged).toBe(0);

    // Garment pixels: most of the chest between shoulders and hips, and hardly any above the shoulders or below the hips.
    let garment = 0;
    let garmentBefore = 0;
    let outsideBand = 0;
    let core = 0;
    let coreCovered = 0;
    for (let y = 0; y < after.height; y += 1) {
      for (let x = 0; x < after.width; x += 1) {
        const o = (y * after.width + x) * 3;
        const dressed = isGarment(after.raw[o]!, after.raw[o + 1]!, after.raw[o + 2]!);
        if (isGarment(before.raw[o]!, before.raw[o + 1]!, before.raw[o + 2]!)) garmentBefore += 1;
        const v = torso.v(x, y);
        const u = torso.u(x, y);
        if (v > 0.2 && v < 0.85 && Math.abs(u) < 0.15) {
          core += 1;
          if (dressed) coreCovered += 1;
        }
        if (!dressed) continue;
        garment += 1;
        if (v < -0.3 || v > 1.35) outsideBand += 1;
      }
    }
    expect(garmentBefore).toBe(0);
    expect(core).toBeGreaterThan(50);
    expect(coreCovered / core).toBeGreaterThan(0.4);
    expect(outsideBand / garment).toBeLessThan(0.03);
  });

  it('puts trousers between the hips and the ankles', async () => {
    const result = await tryOn(
      { category: 'bottom' as GarmentCategory, consentToLikeness: true },
      { person: await fixture('standing-three-quarter.jpg'), garment: await shirt() },
    );
    const after = await rgb(result.files[0]!.data);
    const torso = torsoAxis((result.summary as { pose: Pose }).pose);
    let garment = 0;
    let aboveWaist = 0;
    for (let y = 0; y < after.height; y += 1) {
      for (let x = 0; x < after.width; x += 1) {
        const o = (y * after.width + x) * 3;
        if (!isGarment(after.raw[o]!, after.raw[o + 1]!, after.raw[o + 2]!)) continue;
        garment += 1;
        if (torso.v(x, y) < 0.7) aboveWaist += 1;
      }
    }
    expect(garment).toBeGreaterThan(1000);
    expect(aboveWaist / garment).toBeLessThan(0.03);
  });

  it('refuses a photo without a person', async () => {
    const attempt = tryOn(
      { category: 'top', consentToLikeness: true },
      { person: await fixture('no-person-terrace.jpg'), garment: await shirt() },
    );
    await expect(attempt).rejects.toBeInstanceOf(EngineInputError);
    await expect(attempt).rejects.toThrow(/could not find a person in this photo/);
  });

  it('refuses without consent or with input it cannot use', async () => {
    const files = { person: await fixture('sitting.jpg'), garment: await shirt() };
    const noConsent = { category: 'top', consentToLikeness: false } as unknown as VirtualTryOnParams;
    await expect(tryOn(noConsent, files)).rejects.toThrow(/likeness/);
    const text: EngineFile = { name: 'shirt.png', contentType: 'image/png', data: Buffer.from('no pixels here') };
    await expect(tryOn({ category: 'top', consentToLikeness: true }, { ...files, garment: text })).rejects.toThrow(
      /garment photo is not a readable image/,
    );
    await expect(tryOn({ category: 'dress', consentToLikeness: true }, { garment: files.garment })).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });

  it('keeps no tensors from one photo to the next', async () => {
    const { data, info } = await sharp((await fixture('sitting.jpg')).data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image = { data, width: info.width, height: info.height };
    expect(await detectPerson(image)).not.toBeNull();
    const { tf } = await poseModel();
    const tensors = tf.memory().numTensors;
    await detectPerson(image);
    await detectPerson(image);
    expect(tf.memory().numTensors).toBe(tensors);
  });

  it('fetched nothing while loading and running the models', () => {
    expect(timings.length).toBeGreaterThan(0);
    expect(fetchCalls).toEqual([]);
  });
});
