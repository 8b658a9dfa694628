/** 5×7 glyphs for the preview watermark, one string of five bits per row. */
const glyphs: Record<string, readonly string[]> = {
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
};

/**
 * An RGBA overlay (raw, width × height × 4) with 'PREVIEW' in white with a dark outline across its
 * middle, drawn from the bitmap font above so no font file is needed. Composited by sharp.
 */
export function previewWatermark(width: number, height: number): Buffer {
  const text = 'PREVIEW';
  const out = Buffer.alloc(width * height * 4);
  const columns = text.length * 6 - 1;
  const scale = Math.max(1, Math.floor((width * 0.6) / columns));
  const left = Math.floor((width - columns * scale) / 2);
  const top = Math.floor((height - 7 * scale) / 2);
  const set = (x: number, y: number, value: number, alpha: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const o = (y * width + x) * 4;
    if ((out[o + 3] ?? 0) >= alpha) return;
    out[o] = value;
    out[o + 1] = value;
    out[o + 2] = value;
    out[o + 3] = alpha;
  };
  for (const [pass, value, alpha, grow] of [
    [0, 20, 110, 1],
    [1, 255, 150, 0],
  ] as const) {
    text.split('').forEach((letter, index) => {
      const rows = glyphs[letter] ?? [];
      rows.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx += 1) {
          if (row[gx] !== '1') continue;
          const x0 = left + (index * 6 + gx) * scale;
          const y0 = top + gy * scale;
          for (let y = y0 - grow; y < y0 + scale + grow; y += 1) {
            for (let x = x0 - grow; x < x0 + scale + grow; x += 1) set(x, y, value, alpha + pass);
          }
        }
      });
    });
  }
  return out;
}
