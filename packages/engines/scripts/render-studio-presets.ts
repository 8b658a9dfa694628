// Writes the AI background studio backdrops into the web app's public folder: apps/web/public/main/studio/N.jpg
// (1200 × 1800, what the engine cuts from) and N-thumb.jpg (240 × 240 around the floor line, for choosing one).
// Run: npx tsx packages/engines/scripts/render-studio-presets.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { studioPresets, studioSize, studioSvg } from '../src/ai-background/studio-presets.ts';

const directory = fileURLToPath(new URL('../../../apps/web/public/main/studio/', import.meta.url));
await mkdir(directory, { recursive: true });
for (const [index, preset] of studioPresets.entries()) {
  const full = await sharp(Buffer.from(studioSvg(preset)))
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  await writeFile(`${directory}${index + 1}.jpg`, full);
  const side = studioSize.width;
  const top = Math.round(Math.min(studioSize.height - side, Math.max(0, preset.horizon * studioSize.height - side * 0.55)));
  const thumb = await sharp(full)
    .extract({ left: 0, top, width: side, height: side })
    .resize(240, 240)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await writeFile(`${directory}${index + 1}-thumb.jpg`, thumb);
  console.log(`${index + 1}.jpg ${preset.name}: ${Math.round(full.length / 1024)} KB, thumb ${Math.round(thumb.length / 1024)} KB`);
}
