/**
 * Generates the PWA icons from one SVG mark: `node scripts/generate-icons.ts`.
 * The outputs are committed (public/favicon.svg, public/icons/*.png); run this again only when
 * the mark or the brand colour changes. The web app manifest in vite.config.ts lists the files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const repoRoot = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(repoRoot, 'public');
const iconsDir = path.join(publicDir, 'icons');

/** Brand colour; keep in step with themeColour in vite.config.ts and index.html's theme-color. */
export const brandColour = '#1e40af';
const markColour = '#ffffff';

/**
 * The mark: a warehouse/shop front (roof, walls, a roller door with slats), drawn on a 512 grid
 * centred on (256, 264). Its outer extent is about 354 x 314 units including strokes.
 */
const glyph = `
  <g fill="none" stroke="${markColour}" stroke-width="34" stroke-linecap="round" stroke-linejoin="round">
    <path d="M96 236 L256 124 L416 236"/>
    <path d="M140 222 V404 H372 V222"/>
  </g>
  <g fill="${markColour}">
    <rect x="196" y="276" width="120" height="128" rx="8"/>
  </g>
  <g stroke="${brandColour}" stroke-width="12" stroke-linecap="round">
    <path d="M214 308 H298"/>
    <path d="M214 340 H298"/>
    <path d="M214 372 H298"/>
  </g>`;

/** Scales the glyph about the grid centre, so the maskable icon keeps it in the safe zone. */
function scaledGlyph(scale: number): string {
  return `<g transform="translate(256 264) scale(${scale}) translate(-256 -264)">${glyph}</g>`;
}

/** Rounded tile with the mark: favicon and the "any" purpose icons (transparent corners). */
const roundedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${brandColour}"/>${scaledGlyph(0.92)}
</svg>
`;

/**
 * Full-bleed square: platforms crop maskable icons to any shape inside the central circle of
 * radius 40 % (the safe zone), so the mark is shrunk to stay within it (its farthest corner is
 * under 150 units from the centre at scale 0.72, well inside the 204.8 limit). Also used for the
 * apple-touch-icon, which iOS rounds itself and which must not be transparent.
 */
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${brandColour}"/>${scaledGlyph(0.72)}
</svg>
`;

async function png(svg: string, size: number, file: string): Promise<void> {
  const out = path.join(iconsDir, file);
  await sharp(Buffer.from(svg), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out);
  console.log(`wrote ${path.relative(repoRoot, out)}`);
}

async function main(): Promise<void> {
  mkdirSync(iconsDir, { recursive: true });
  writeFileSync(path.join(publicDir, 'favicon.svg'), roundedSvg);
  console.log('wrote public/favicon.svg');
  await png(roundedSvg, 192, 'icon-192.png');
  await png(roundedSvg, 512, 'icon-512.png');
  await png(maskableSvg, 512, 'icon-maskable-512.png');
  await png(maskableSvg, 180, 'apple-touch-icon-180.png');
  await png(roundedSvg, 32, 'favicon-32.png');
}

await main();
