#!/usr/bin/env node
// Renders the product's static images (backgrounds, examples) as real JPEGs made by the project:
//   public/main/bg/1..10.jpg                 1600x900 abstract backgrounds (hero and section art)
//   public/dash/vto/instructions_1..10.jpg   800x1000 virtual try-on photo guidelines, one step each
// The output is deterministic (seeded), so re-running it gives the same files.
// Usage: npm run make-images -w @lumen/web
import sharp from 'sharp';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bgDir = path.join(root, 'public', 'main', 'bg');
const vtoDir = path.join(root, 'public', 'dash', 'vto');

function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const palettes = [
  ['#0f0a1f', '#7c3aed', '#f59e0b', '#ec4899'],
  ['#07131f', '#0ea5e9', '#22d3ee', '#a78bfa'],
  ['#140a0a', '#f97316', '#facc15', '#ef4444'],
  ['#06140f', '#10b981', '#84cc16', '#06b6d4'],
  ['#120818', '#c026d3', '#6366f1', '#f472b6'],
  ['#0b0f1a', '#3b82f6', '#8b5cf6', '#f59e0b'],
  ['#1a0b12', '#e11d48', '#fb7185', '#fbbf24'],
  ['#081214', '#14b8a6', '#6366f1', '#e879f9'],
  ['#0d0d0d', '#a855f7', '#22c55e', '#eab308'],
  ['#0a1020', '#60a5fa', '#f472b6', '#34d399'],
];

function backgroundSvg(index) {
  const [base, a, b, c] = palettes[index];
  const rand = seeded(index * 7919 + 17);
  const blobs = Array.from({ length: 7 }, (_, i) => {
    const color = [a, b, c][i % 3];
    const cx = Math.round(rand() * 1600);
    const cy = Math.round(rand() * 900);
    const r = Math.round(160 + rand() * 320);
    const opacity = (0.35 + rand() * 0.45).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" opacity="${opacity}"/>`;
  }).join('');
  const rings = Array.from({ length: 4 }, (_, i) => {
    const cx = Math.round(200 + rand() * 1200);
    const cy = Math.round(150 + rand() * 600);
    const r = Math.round(80 + rand() * 260);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${[a, b, c][i % 3]}" stroke-width="${(1 + rand() * 2).toFixed(1)}" opacity="0.45"/>`;
  }).join('');
  const waves = Array.from({ length: 5 }, (_, i) => {
    const y = 300 + i * 90 + Math.round(rand() * 60);
    const amp = 60 + rand() * 90;
    return `<path d="M0 ${y} C 400 ${y - amp}, 800 ${y + amp}, 1600 ${y - amp / 2}" fill="none" stroke="#ffffff" stroke-opacity="${(0.06 + i * 0.02).toFixed(2)}" stroke-width="2"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="base" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="#000000"/>
    </linearGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="90"/></filter>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </radialGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#base)"/>
  <g filter="url(#blur)">${blobs}</g>
  ${waves}
  ${rings}
  <rect width="1600" height="900" fill="url(#vignette)"/>
</svg>`;
}

const steps = [
  ['Front-facing, full upper body', 'Face the camera and keep your head, shoulders and waist in the frame.'],
  ['Plain background', 'Stand in front of a plain, uncluttered wall so the garment area is easy to find.'],
  ['Good lighting', 'Use soft, even light from the front. Avoid strong shadows and backlight.'],
  ['No bags or arms covering the garment area', 'Keep the torso fully visible: no bags, scarves or crossed arms.'],
  ['Arms relaxed at your sides', 'Stand straight with your arms slightly away from your body.'],
  ['Wear fitted clothing', 'Fitted clothes show your shape; bulky layers make the fit less accurate.'],
  ['Sharp, in-focus photo', 'Hold the camera steady. Blurry photos give blurry results.'],
  ['Camera at chest height', 'Shoot straight on from chest height, about two metres away.'],
  ['One person per photo', 'Only you in the picture: crop out other people before uploading.'],
  ['Garment photo: flat and fully visible', 'Photograph the garment flat or on a hanger, the whole piece in view.'],
];

function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Greedy word wrap for SVG text (no layout engine in SVG). */
function wrap(text, maxChars) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > maxChars) {
      lines.push(line.trim());
      line = word;
    } else {
      line += ' ' + word;
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

/** A simple person pictogram, with a per-step accent. */
function figure(step) {
  const person = `
    <circle cx="400" cy="250" r="58" fill="#c4b5fd"/>
    <path d="M300 330 Q400 300 500 330 L520 560 L280 560 Z" fill="#7c3aed"/>
    <rect x="252" y="338" width="40" height="200" rx="20" fill="#a78bfa" transform="rotate(8 272 338)"/>
    <rect x="508" y="338" width="40" height="200" rx="20" fill="#a78bfa" transform="rotate(-8 528 338)"/>`;
  const accents = {
    1: `<rect x="250" y="170" width="300" height="410" rx="12" fill="none" stroke="#22c55e" stroke-width="6" stroke-dasharray="18 12"/>`,
    2: `<rect x="170" y="150" width="460" height="440" rx="20" fill="none" stroke="#e2e8f0" stroke-width="4"/>`,
    3: `<circle cx="600" cy="180" r="42" fill="#fbbf24"/><g stroke="#fbbf24" stroke-width="6" stroke-linecap="round">
        <line x1="600" y1="110" x2="600" y2="90"/><line x1="670" y1="180" x2="690" y2="180"/><line x1="650" y1="130" x2="665" y2="115"/><line x1="650" y1="230" x2="665" y2="245"/></g>`,
    4: `<rect x="470" y="420" width="90" height="80" rx="10" fill="#f59e0b"/><path d="M490 420 Q515 385 540 420" fill="none" stroke="#f59e0b" stroke-width="8"/>
        <g stroke="#ef4444" stroke-width="12" stroke-linecap="round"><line x1="460" y1="400" x2="580" y2="520"/><line x1="580" y1="400" x2="460" y2="520"/></g>`,
    5: `<g stroke="#22c55e" stroke-width="6" stroke-linecap="round" fill="none"><path d="M230 450 l-30 30 l30 30"/><path d="M570 450 l30 30 l-30 30"/></g>`,
    6: `<path d="M330 345 L470 345 L480 470 L320 470 Z" fill="none" stroke="#22c55e" stroke-width="5"/>`,
    7: `<rect x="560" y="140" width="110" height="80" rx="14" fill="#334155"/><circle cx="615" cy="180" r="26" fill="#94a3b8"/><circle cx="615" cy="180" r="14" fill="#0f172a"/>`,
    8: `<line x1="130" y1="400" x2="250" y2="400" stroke="#64748b" stroke-width="5" stroke-dasharray="10 8"/><rect x="90" y="375" width="60" height="50" rx="8" fill="#334155"/>`,
    9: `<circle cx="620" cy="300" r="34" fill="#e2e8f0"/><path d="M570 360 Q620 340 670 360 L680 520 L560 520 Z" fill="#e2e8f0"/>
        <g stroke="#ef4444" stroke-width="10" stroke-linecap="round"><line x1="560" y1="270" x2="680" y2="530"/></g>`,
    10: `<path d="M300 260 L360 230 Q400 260 440 230 L500 260 L540 330 L490 350 L480 560 L320 560 L310 350 L260 330 Z" fill="#7c3aed"/>`,
  };
  if (step === 10) return accents[10];
  return person + (accents[step] ?? '');
}

function instructionSvg(step) {
  const [title, text] = steps[step - 1];
  const titleLines = wrap(title, 26)
    .map(
      (line, i) =>
        `<text x="400" y="${700 + i * 46}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="38" font-weight="bold" fill="#0f172a">${escapeXml(line)}</text>`,
    )
    .join('');
  const offset = 700 + wrap(title, 26).length * 46 + 20;
  const bodyLines = wrap(text, 40)
    .map(
      (line, i) =>
        `<text x="400" y="${offset + i * 36}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#475569">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
  <defs>
    <linearGradient id="card" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5f3ff"/><stop offset="1" stop-color="#ffffff"/></linearGradient>
  </defs>
  <rect width="800" height="1000" fill="url(#card)"/>
  <rect x="40" y="40" width="720" height="920" rx="36" fill="#ffffff" stroke="#ddd6fe" stroke-width="3"/>
  <rect x="90" y="110" width="620" height="520" rx="28" fill="#f8fafc"/>
  ${figure(step)}
  <circle cx="120" cy="120" r="48" fill="#7c3aed"/>
  <text x="120" y="137" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="46" font-weight="bold" fill="#ffffff">${step}</text>
  <text x="690" y="96" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#7c3aed">Step ${step} of 10</text>
  ${titleLines}
  ${bodyLines}
  <text x="400" y="925" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#94a3b8">Lumen Studio · Virtual Try-On photo guide</text>
</svg>`;
}

/** Widths of the responsive copies of each background (src/components/backdrop-image.tsx lists the same). */
const BACKDROP_WIDTHS = [640, 1024, 1600];

/** AVIF and WebP copies at each width, so a phone downloads a small modern file instead of the 1600 px JPEG. */
async function writeBackdropCopies(jpegFile, index) {
  for (const width of BACKDROP_WIDTHS) {
    const resized = sharp(jpegFile).resize({ width });
    await resized
      .clone()
      .avif({ quality: 50, effort: 6 })
      .toFile(path.join(bgDir, `${index}-${width}.avif`));
    await resized
      .clone()
      .webp({ quality: 72 })
      .toFile(path.join(bgDir, `${index}-${width}.webp`));
  }
}

async function main() {
  await mkdir(bgDir, { recursive: true });
  await mkdir(vtoDir, { recursive: true });
  for (let i = 1; i <= 10; i += 1) {
    const bgFile = path.join(bgDir, `${i}.jpg`);
    const bg = await sharp(Buffer.from(backgroundSvg(i - 1)))
      .jpeg({ quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toFile(bgFile);
    const vtoFile = path.join(vtoDir, `instructions_${i}.jpg`);
    const vto = await sharp(Buffer.from(instructionSvg(i)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(vtoFile);
    await writeBackdropCopies(bgFile, i);
    console.log(`main/bg/${i}.jpg ${Math.round(bg.size / 1024)} KB · dash/vto/instructions_${i}.jpg ${Math.round(vto.size / 1024)} KB`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
