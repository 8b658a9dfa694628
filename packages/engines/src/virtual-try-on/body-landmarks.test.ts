import { describe, expect, it } from 'vitest';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import { findBodyLandmarks } from './body-landmarks.ts';

/** A blocky figure: head, wide shoulders and torso, two legs apart. */
function figure(): AlphaMask {
  const width = 100;
  const height = 200;
  const data = new Uint8Array(width * height);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) data[y * width + x] = 255;
  };
  fill(42, 10, 58, 30); // head
  fill(46, 30, 54, 36); // neck
  fill(30, 36, 70, 100); // torso
  fill(31, 100, 47, 190); // left leg
  fill(53, 100, 69, 190); // right leg
  return { data, width, height };
}

describe('findBodyLandmarks', () => {
  it('finds shoulders below the head, the crotch between the legs, and orders the rows', () => {
    const body = findBodyLandmarks(figure())!;
    expect(body.top).toBe(10);
    expect(body.bottom).toBe(189);
    expect(body.shoulderY).toBeGreaterThanOrEqual(33);
    expect(body.shoulderY).toBeLessThanOrEqual(40);
    expect(body.legsFound).toBe(true);
    expect(body.hipY).toBeGreaterThan(80);
    expect(body.hipY).toBeLessThan(100);
    expect(body.kneeY).toBeGreaterThan(body.hipY);
    expect(body.ankleY).toBeGreaterThan(body.kneeY);
    expect(body.ankleY).toBeLessThanOrEqual(body.bottom);
    expect(body.centreAt(60)).toBeCloseTo(49.5, 0);
    expect(body.widthAt(60)).toBeCloseTo(40, 0);
    // Between the legs both are counted.
    expect(body.widthAt(150)).toBeGreaterThan(30);
  });

  it('returns null for an empty mask', () => {
    expect(findBodyLandmarks({ data: new Uint8Array(100), width: 10, height: 10 })).toBeNull();
  });
});
