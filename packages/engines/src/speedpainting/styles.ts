import type { SpeedpaintingStyle } from '@lumen/core/services/speedpainting-params';

/** How one painting style lays its strokes (after Hertzmann, "Painterly rendering with curved brush strokes of multiple sizes", 1998). */
export type StylePreset = {
  /** Brush radii as fractions of the frame's short side, coarse to fine: one pass each. */
  brushFractions: readonly number[];
  /** Share of the painting time each pass gets (same length as brushFractions). */
  passWeights: readonly number[];
  /** Mean colour error (0..441) of a grid cell above which a finer pass paints it. */
  threshold: number;
  minStrokeSteps: number;
  maxStrokeSteps: number;
  /** 0..1: how much a stroke keeps its previous direction (smooths curves). */
  curveSmoothing: number;
  /** The reference a pass copies is the source blurred with sigma = blurFactor × radius. */
  blurFactor: number;
  /** Drawn half-width = radius × widthScale. */
  widthScale: number;
  opacity: number;
  /** Edge ramp in pixels (1 is crisp, larger is wetter). */
  edgeSoftness: number;
  /** 0..1 brightness variation between bristles inside a stroke. */
  bristles: number;
  /** 0..1 gaps left by a drying brush near a stroke's end. */
  dryBrush: number;
  /** 0..1 darker rims (watercolour pigment pooling at the edge). */
  edgeDarkening: number;
  /** ±fraction of random variation of each stroke's colour. */
  colorJitter: number;
  /** Draw in graphite on paper: grey tones become pencil pressure (opacity) of one dark colour. */
  grayscale: boolean;
  /** Colour of the empty canvas or paper, RGB 0..255. */
  ground: readonly [number, number, number];
  texture: 'canvas' | 'paper';
  textureStrength: number;
  /**
   * The finishing glaze: at the end the painting is glazed toward the picture so that it resolves into a clear
   * painted version of it. The share of the way each pixel goes is this much, plus up to half again where the
   * strokes left the picture's colour furthest (details finer than the finest brush), at most 0.85.
   */
  glaze: number;
};

export const stylePresets: Record<SpeedpaintingStyle, StylePreset> = {
  oil: {
    brushFractions: [1 / 10, 1 / 20, 1 / 40, 1 / 80],
    passWeights: [0.22, 0.24, 0.26, 0.28],
    threshold: 22,
    minStrokeSteps: 2,
    maxStrokeSteps: 10,
    curveSmoothing: 0.6,
    blurFactor: 0.5,
    widthScale: 1,
    opacity: 0.96,
    edgeSoftness: 1.2,
    bristles: 0.22,
    dryBrush: 0.55,
    edgeDarkening: 0,
    colorJitter: 0.04,
    grayscale: false,
    ground: [196, 178, 150],
    texture: 'canvas',
    textureStrength: 0.07,
    glaze: 0.6,
  },
  watercolor: {
    brushFractions: [1 / 8, 1 / 16, 1 / 32, 1 / 64],
    passWeights: [0.25, 0.25, 0.25, 0.25],
    threshold: 18,
    minStrokeSteps: 1,
    maxStrokeSteps: 6,
    curveSmoothing: 0.75,
    blurFactor: 0.7,
    widthScale: 1.1,
    opacity: 0.55,
    edgeSoftness: 3,
    bristles: 0.06,
    dryBrush: 0.1,
    edgeDarkening: 0.14,
    colorJitter: 0.03,
    grayscale: false,
    ground: [250, 248, 242],
    texture: 'paper',
    textureStrength: 0.06,
    glaze: 0.35,
  },
  sketch: {
    brushFractions: [1 / 14, 1 / 28, 1 / 56, 1 / 112],
    passWeights: [0.2, 0.25, 0.27, 0.28],
    threshold: 10,
    minStrokeSteps: 1,
    maxStrokeSteps: 7,
    curveSmoothing: 0.8,
    blurFactor: 0.4,
    widthScale: 0.32,
    opacity: 0.85,
    edgeSoftness: 1,
    bristles: 0.3,
    dryBrush: 0.3,
    edgeDarkening: 0,
    colorJitter: 0.02,
    grayscale: true,
    ground: [246, 244, 238],
    texture: 'paper',
    textureStrength: 0.05,
    glaze: 0.5,
  },
};
