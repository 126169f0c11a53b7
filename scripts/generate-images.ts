/**
 * Generates the marketing images of the public site from SVG compositions drawn here (no stock
 * photos, nothing fetched from outside): one flat illustration per department, rendered with sharp
 * into AVIF and WebP with a JPEG fallback at several widths under public/slides/.
 *
 *   node scripts/generate-images.ts
 *
 * The output is committed; rerun after changing a drawing. The file names are read by
 * src/features/landing/slides.ts (`slideImage()`), so keep `slideIds`, `slideWidths` and the
 * 16:9 ratio in step with it.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  slideHeight,
  slideIds,
  slideWidths,
  type SlideId,
} from '../src/features/landing/slides.ts';

const outDir = path.resolve(import.meta.dirname, '../public/slides');

// One palette for every picture so the slideshow reads as one set.
const c = {
  ink: '#23313f',
  teal: '#0f5257',
  tealLight: '#2f7f7a',
  sand: '#f4e3c1',
  cream: '#fff8ec',
  terracotta: '#c8553d',
  ochre: '#e0a526',
  gold: '#f2c14e',
  leaf: '#4f8a3c',
  leafLight: '#7fb069',
  sky: '#cfe8ef',
  wood: '#a8753f',
  woodDark: '#7a5230',
  cardboard: '#c99a5b',
  sack: '#efe3c8',
  sackShade: '#d9c8a5',
  steel: '#8d99ae',
  white: '#ffffff',
};

const W = 1600;
const H = 900;

function svg(body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

function vGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A filled grain sack, origin at its bottom centre. */
function sack(
  x: number,
  y: number,
  w: number,
  h: number,
  fill = c.sack,
  band = c.terracotta,
): string {
  const l = x - w / 2;
  const t = y - h;
  return `<g>
    <path d="M${l + 10} ${y} Q${l - 6} ${t + h * 0.45} ${l + 18} ${t + 14} L${l + w - 18} ${t + 14} Q${l + w + 6} ${t + h * 0.45} ${l + w - 10} ${y} Z" fill="${fill}"/>
    <path d="M${l + 10} ${y} Q${l + w / 2} ${y + 10} ${l + w - 10} ${y} L${l + w - 14} ${y - 18} Q${l + w / 2} ${y - 8} ${l + 14} ${y - 18} Z" fill="${c.sackShade}"/>
    <rect x="${l + 18}" y="${t}" width="${w - 36}" height="20" rx="8" fill="${c.sackShade}"/>
    <rect x="${l + 14}" y="${t + h * 0.42}" width="${w - 28}" height="${h * 0.16}" fill="${band}" opacity="0.85"/>
  </g>`;
}

function box(x: number, y: number, w: number, h: number): string {
  return `<g>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${c.cardboard}"/>
    <rect x="${x + w / 2 - 10}" y="${y}" width="20" height="${h}" fill="#e8c48a"/>
    <rect x="${x}" y="${y}" width="${w}" height="10" fill="#b5874c"/>
  </g>`;
}

function ghala(): string {
  const defs = vGradient('wall', '#eadfc8', '#d6c29d') + vGradient('floor', '#8a6f4e', '#6d563b');
  const rack = (x0: number): string => {
    const shelves = [250, 450, 650];
    let g = '';
    for (const y of shelves)
      g += `<rect x="${x0}" y="${y}" width="560" height="18" fill="${c.terracotta}"/>`;
    g += `<rect x="${x0 - 10}" y="120" width="22" height="600" fill="${c.teal}"/>`;
    g += `<rect x="${x0 + 548}" y="120" width="22" height="600" fill="${c.teal}"/>`;
    return g;
  };
  let body = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;
  // Roof trusses and a high window.
  body += `<path d="M0 90 L800 20 L1600 90" stroke="${c.ink}" stroke-width="14" fill="none" opacity="0.35"/>`;
  for (let x = 100; x < 1600; x += 200)
    body += `<line x1="${x}" y1="${90 - (70 * (800 - Math.abs(800 - x))) / 800}" x2="${x}" y2="96" stroke="${c.ink}" stroke-width="8" opacity="0.25"/>`;
  body += `<rect x="700" y="120" width="200" height="90" rx="6" fill="${c.sky}" stroke="${c.cream}" stroke-width="10"/><line x1="800" y1="120" x2="800" y2="210" stroke="${c.cream}" stroke-width="8"/>`;
  body += `<rect y="720" width="${W}" height="180" fill="url(#floor)"/>`;
  body += `<path d="M0 760 H1600 M0 820 H1600" stroke="#5b472f" stroke-width="3" opacity="0.5"/>`;
  body += rack(90);
  // Left rack contents: boxes on top, sacks below.
  body += box(120, 160, 150, 90) + box(290, 180, 120, 70) + box(430, 150, 190, 100);
  body +=
    sack(190, 450, 150, 170) + sack(350, 450, 150, 170, c.sack, c.leaf) + sack(510, 450, 150, 170);
  body += box(120, 560, 200, 90) + box(340, 570, 130, 80) + box(490, 540, 140, 110);
  body += rack(950);
  body +=
    sack(1040, 250, 140, 110, c.sack, c.ochre) +
    sack(1190, 250, 140, 110, c.sack, c.ochre) +
    sack(1340, 250, 140, 110, c.sack, c.ochre);
  body += box(980, 360, 180, 90) + box(1180, 340, 150, 110) + box(1350, 370, 130, 80);
  // Pallet of sacks in front.
  body += `<rect x="560" y="800" width="480" height="26" fill="${c.wood}"/><rect x="560" y="826" width="480" height="14" fill="${c.woodDark}"/>`;
  for (const px of [575, 780, 990])
    body += `<rect x="${px}" y="826" width="36" height="30" fill="${c.wood}"/>`;
  body +=
    sack(650, 800, 170, 120) + sack(800, 800, 170, 120, c.sack, c.leaf) + sack(950, 800, 170, 120);
  body += sack(725, 690, 170, 120, c.sack, c.leaf) + sack(875, 690, 170, 120);
  body += sack(800, 580, 170, 120);
  return svg(body, defs);
}

function stationery(): string {
  const defs = vGradient('desk', '#2f7f7a', '#0f5257');
  let body = `<rect width="${W}" height="${H}" fill="url(#desk)"/>`;
  // Open exercise book.
  body += `<g transform="rotate(-6 520 460)">
    <rect x="180" y="230" width="700" height="460" rx="14" fill="${c.terracotta}"/>
    <rect x="200" y="245" width="325" height="430" rx="6" fill="${c.cream}"/>
    <rect x="535" y="245" width="325" height="430" rx="6" fill="${c.white}"/>
    ${Array.from({ length: 11 }, (_, i) => `<line x1="220" y1="${290 + i * 35}" x2="505" y2="${290 + i * 35}" stroke="#9cc3d5" stroke-width="3"/><line x1="555" y1="${290 + i * 35}" x2="840" y2="${290 + i * 35}" stroke="#9cc3d5" stroke-width="3"/>`).join('')}
    <line x1="250" y1="260" x2="250" y2="665" stroke="#e98a7c" stroke-width="3"/>
    <rect x="525" y="245" width="10" height="430" fill="${c.sackShade}"/>
  </g>`;
  // Pencil cup with pencils.
  const pencils = [
    [1040, 150, c.gold],
    [1090, 120, c.terracotta],
    [1140, 160, c.leafLight],
    [1190, 130, c.sky],
  ] as const;
  for (const [x, y, color] of pencils) {
    body += `<rect x="${x}" y="${y}" width="34" height="300" fill="${color}"/><path d="M${x} ${y} L${x + 17} ${y - 50} L${x + 34} ${y} Z" fill="#f1d3a8"/><path d="M${x + 10} ${y - 33} L${x + 17} ${y - 50} L${x + 24} ${y - 33} Z" fill="${c.ink}"/>`;
  }
  body += `<rect x="1010" y="330" width="250" height="260" rx="20" fill="${c.ochre}"/><rect x="1010" y="330" width="250" height="36" rx="12" fill="${c.gold}"/>`;
  // Ruler.
  body += `<g transform="rotate(4 800 780)"><rect x="300" y="740" width="1000" height="80" rx="6" fill="${c.gold}"/>${Array.from({ length: 40 }, (_, i) => `<line x1="${320 + i * 24}" y1="740" x2="${320 + i * 24}" y2="${i % 5 === 0 ? 785 : 765}" stroke="${c.ink}" stroke-width="3"/>`).join('')}</g>`;
  // Stack of books, calculator, paper clips.
  body += `<rect x="1320" y="200" width="220" height="50" rx="6" fill="${c.leaf}"/><rect x="1310" y="250" width="240" height="50" rx="6" fill="${c.terracotta}"/><rect x="1330" y="300" width="210" height="50" rx="6" fill="${c.sky}"/>`;
  body += `<rect x="1320" y="420" width="220" height="280" rx="22" fill="${c.ink}"/><rect x="1345" y="445" width="170" height="60" rx="8" fill="#b8d8be"/>`;
  for (let r = 0; r < 4; r += 1)
    for (let k = 0; k < 3; k += 1)
      body += `<rect x="${1345 + k * 60}" y="${525 + r * 42}" width="48" height="32" rx="6" fill="${k === 2 && r === 3 ? c.terracotta : c.steel}"/>`;
  body += `<path d="M90 140 h60 a18 18 0 0 1 0 36 h-70 a12 12 0 0 1 0 -24 h60" stroke="${c.steel}" stroke-width="7" fill="none"/>`;
  body += `<path d="M80 780 h60 a18 18 0 0 1 0 36 h-70 a12 12 0 0 1 0 -24 h60" stroke="${c.gold}" stroke-width="7" fill="none"/>`;
  return svg(body, defs);
}

function hen(x: number, y: number, s: number, color: string): string {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <ellipse cx="0" cy="0" rx="70" ry="55" fill="${color}"/>
    <path d="M-60 -20 Q-110 -70 -80 -90 Q-70 -40 -40 -40 Z" fill="${color}"/>
    <circle cx="55" cy="-55" r="32" fill="${color}"/>
    <path d="M45 -90 q8 -18 16 0 q8 -18 16 0 l-6 10 h-24 Z" fill="${c.terracotta}"/>
    <path d="M85 -58 l24 8 l-24 8 Z" fill="${c.ochre}"/>
    <circle cx="62" cy="-62" r="5" fill="${c.ink}"/>
    <path d="M-10 10 q30 30 60 -5" stroke="${c.sackShade}" stroke-width="8" fill="none" opacity="0.6"/>
    <path d="M-10 50 v30 M20 50 v30" stroke="${c.ochre}" stroke-width="8"/>
  </g>`;
}

function animalFeeding(): string {
  const defs = vGradient('sky', '#d7edf2', '#f6ead2');
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<circle cx="1380" cy="150" r="70" fill="${c.gold}"/>`;
  body += `<path d="M0 560 Q400 480 800 540 T1600 520 V900 H0 Z" fill="${c.leafLight}"/>`;
  body += `<path d="M0 640 Q500 590 1000 640 T1600 630 V900 H0 Z" fill="${c.leaf}"/>`;
  // Barn.
  body += `<g><rect x="1100" y="330" width="360" height="260" fill="${c.terracotta}"/><path d="M1080 340 L1280 210 L1480 340 Z" fill="#9d3f2e"/><rect x="1220" y="440" width="120" height="150" fill="${c.cream}"/><path d="M1220 440 L1340 590 M1340 440 L1220 590" stroke="${c.terracotta}" stroke-width="10"/></g>`;
  // Feed sacks with a grain mark.
  const wheat = (x: number, y: number): string =>
    `<g stroke="${c.ochre}" stroke-width="6" fill="${c.ochre}"><line x1="${x}" y1="${y + 40}" x2="${x}" y2="${y - 40}"/>${[-30, -10, 10].map((d) => `<ellipse cx="${x - 12}" cy="${y + d}" rx="9" ry="15" transform="rotate(-30 ${x - 12} ${y + d})"/><ellipse cx="${x + 12}" cy="${y + d}" rx="9" ry="15" transform="rotate(30 ${x + 12} ${y + d})"/>`).join('')}</g>`;
  body += sack(250, 820, 260, 330, c.sack, c.leaf) + wheat(250, 640);
  body += sack(500, 830, 240, 290, c.sack, c.ochre) + wheat(500, 680);
  // Trough with grain.
  body += `<path d="M700 740 h420 l-40 100 h-340 Z" fill="${c.woodDark}"/><path d="M710 742 q200 -60 400 0 Z" fill="${c.gold}"/>`;
  for (let i = 0; i < 28; i += 1)
    body += `<circle cx="${730 + ((i * 53) % 370)}" cy="${722 + ((i * 7) % 20)}" r="6" fill="${c.ochre}"/>`;
  body += hen(1000, 620, 1, '#f7f1e3') + hen(1320, 760, 0.8, '#b66a3c');
  body += `<circle cx="1190" cy="820" r="22" fill="${c.gold}"/><circle cx="1206" cy="806" r="4" fill="${c.ink}"/><circle cx="1460" cy="840" r="20" fill="${c.gold}"/>`;
  return svg(body, defs);
}

function hardware(): string {
  const defs =
    vGradient('board', '#dcb886', '#c89f69') +
    `<pattern id="holes" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="5" fill="#a27d4d"/></pattern>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#board)"/><rect width="${W}" height="660" fill="url(#holes)"/>`;
  // Hammer.
  body += `<g transform="rotate(-12 260 330)"><rect x="240" y="200" width="40" height="340" rx="12" fill="${c.wood}"/><path d="M170 160 h200 v70 h-200 q-40 -35 0 -70 Z" fill="${c.steel}"/></g>`;
  // Wrench.
  body += `<g transform="rotate(18 520 360)"><rect x="500" y="190" width="44" height="330" rx="20" fill="#aab4c4"/><circle cx="522" cy="180" r="58" fill="#aab4c4"/><rect x="504" y="110" width="36" height="70" fill="url(#board)"/><circle cx="522" cy="530" r="40" fill="#aab4c4"/><circle cx="522" cy="530" r="18" fill="#c89f69"/></g>`;
  // Screwdrivers.
  for (const [x, color] of [
    [720, c.terracotta],
    [800, c.ochre],
  ] as const) {
    body += `<rect x="${x}" y="160" width="44" height="140" rx="16" fill="${color}"/><rect x="${x + 16}" y="300" width="12" height="190" fill="${c.steel}"/><path d="M${x + 16} 490 h12 l-6 24 Z" fill="${c.ink}"/>`;
  }
  // Saw.
  body += `<g><path d="M930 200 h420 l-30 150 h-390 Z" fill="#c5ccd6"/><path d="${Array.from({ length: 20 }, (_, i) => `M${935 + i * 19.5} 350 l9.5 16 l9.5 -16`).join(' ')}" fill="#c5ccd6"/><path d="M1350 180 h120 q30 0 30 30 v120 q0 30 -30 30 h-120 Z" fill="${c.teal}"/><rect x="1390" y="230" width="70" height="70" rx="20" fill="url(#board)"/></g>`;
  // Bench with paint can, cement bag and bucket.
  body += `<rect y="660" width="${W}" height="40" fill="${c.woodDark}"/><rect y="700" width="${W}" height="200" fill="#5b3d22"/>`;
  body += `<g><rect x="180" y="500" width="220" height="160" rx="12" fill="${c.teal}"/><ellipse cx="290" cy="500" rx="110" ry="22" fill="${c.tealLight}"/><rect x="180" y="560" width="220" height="50" fill="${c.cream}"/><path d="M210 500 q80 -90 160 0" stroke="${c.ink}" stroke-width="6" fill="none"/><path d="M260 560 q30 -40 60 0" fill="${c.terracotta}"/></g>`;
  body += sack(720, 664, 300, 240, '#d9d4c7', c.terracotta);
  body += `<g><path d="M1020 470 h220 l-24 190 h-172 Z" fill="${c.ochre}"/><ellipse cx="1130" cy="470" rx="110" ry="18" fill="${c.gold}"/><path d="M1025 470 q105 -140 210 0" stroke="${c.ink}" stroke-width="6" fill="none"/></g>`;
  body += `<g><rect x="1320" y="560" width="200" height="100" rx="10" fill="${c.terracotta}"/><rect x="1400" y="540" width="40" height="24" rx="6" fill="${c.ink}"/><rect x="1340" y="590" width="160" height="12" fill="#9d3f2e"/></g>`;
  return svg(body, defs);
}

function printing(): string {
  const defs = vGradient('wall', '#e7eef1', '#cfdde3');
  let body = `<rect width="${W}" height="${H}" fill="url(#wall)"/><rect y="740" width="${W}" height="160" fill="#9aa7b5"/>`;
  // Large-format printer with a colourful sheet coming out.
  body += `<g><rect x="140" y="300" width="760" height="170" rx="24" fill="${c.ink}"/><rect x="170" y="330" width="420" height="30" rx="8" fill="#3d4e60"/><circle cx="820" cy="350" r="18" fill="${c.leafLight}"/><rect x="200" y="470" width="640" height="22" fill="#3d4e60"/>
    <rect x="180" y="470" width="30" height="270" fill="${c.ink}"/><rect x="830" y="470" width="30" height="270" fill="${c.ink}"/>
    <rect x="240" y="470" width="560" height="250" fill="${c.white}"/>
    <rect x="270" y="500" width="500" height="70" fill="${c.teal}"/><rect x="270" y="590" width="300" height="22" fill="${c.terracotta}"/><rect x="270" y="624" width="420" height="14" fill="${c.steel}"/><rect x="270" y="650" width="360" height="14" fill="${c.steel}"/><circle cx="700" cy="630" r="50" fill="${c.gold}"/></g>`;
  // Ink drops.
  const drops: [number, string][] = [
    [1000, '#00a6c8'],
    [1090, '#d6338a'],
    [1180, '#f2c14e'],
    [1270, c.ink],
  ];
  for (const [x, color] of drops)
    body += `<path d="M${x} 120 q40 60 40 90 a40 40 0 0 1 -80 0 q0 -30 40 -90 Z" fill="${color}"/>`;
  // T-shirt, mug and a stack of flyers.
  body += `<g><path d="M1000 380 l80 -50 h60 q30 30 60 0 h60 l80 50 l-40 70 l-40 -20 v250 h-240 v-250 l-40 20 Z" fill="${c.terracotta}"/><circle cx="1170" cy="500" r="50" fill="${c.gold}"/><path d="M1140 500 l20 20 l40 -40" stroke="${c.ink}" stroke-width="10" fill="none"/></g>`;
  body += `<g><rect x="1380" y="580" width="130" height="160" rx="14" fill="${c.cream}"/><path d="M1510 610 q60 0 60 50 q0 50 -60 50" stroke="${c.cream}" stroke-width="20" fill="none"/><rect x="1400" y="620" width="90" height="50" rx="6" fill="${c.teal}"/></g>`;
  for (let i = 0; i < 6; i += 1)
    body += `<rect x="${980 + i * 3}" y="${720 - i * 12}" width="300" height="14" fill="${i % 2 ? c.white : '#f0f0f0'}" stroke="#c6ced6"/>`;
  return svg(body, defs);
}

function bottle(x: number, y: number, s: number): string {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <rect x="-22" y="-250" width="44" height="30" rx="6" fill="${c.leaf}"/>
    <path d="M-18 -220 h36 v40 q52 30 52 90 v160 q0 20 -20 20 h-100 q-20 0 -20 -20 v-160 q0 -60 52 -90 Z" fill="#f5c542" opacity="0.95"/>
    <path d="M-50 -60 h100 v110 q0 14 -14 14 h-72 q-14 0 -14 -14 Z" fill="#e0a526"/>
    <rect x="-56" y="-110" width="112" height="70" rx="8" fill="${c.cream}"/>
    <circle cx="0" cy="-75" r="20" fill="${c.leaf}"/>
    <path d="M-34 -170 q-10 40 -6 90" stroke="${c.white}" stroke-width="10" fill="none" opacity="0.5"/>
  </g>`;
}

function sunflower(x: number, y: number, r: number): string {
  let petals = '';
  for (let i = 0; i < 14; i += 1) {
    petals += `<ellipse cx="${x}" cy="${y - r}" rx="${r * 0.28}" ry="${r * 0.6}" fill="${c.gold}" transform="rotate(${(360 / 14) * i} ${x} ${y})"/>`;
  }
  return `<g><line x1="${x}" y1="${y}" x2="${x}" y2="900" stroke="${c.leaf}" stroke-width="${r * 0.18}"/><ellipse cx="${x + r * 0.5}" cy="${y + r * 2}" rx="${r * 0.6}" ry="${r * 0.25}" fill="${c.leaf}" transform="rotate(-30 ${x + r * 0.5} ${y + r * 2})"/>${petals}<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="${c.woodDark}"/></g>`;
}

function freshOil(): string {
  const defs = vGradient('warm', '#fdf0d2', '#f3d9a4');
  let body = `<rect width="${W}" height="${H}" fill="url(#warm)"/>`;
  body +=
    sunflower(180, 260, 110) +
    sunflower(420, 180, 80) +
    sunflower(1420, 230, 120) +
    sunflower(1230, 330, 70);
  // Shelf with bottles and a jerrycan.
  body += `<rect x="0" y="700" width="${W}" height="200" fill="${c.woodDark}"/><rect x="0" y="690" width="${W}" height="20" fill="${c.wood}"/>`;
  body += bottle(560, 690, 1.25) + bottle(760, 690, 1.05) + bottle(930, 690, 0.9);
  body += `<g><path d="M1030 420 h200 q40 0 40 40 v230 h-280 v-230 q0 -40 40 -40 Z" fill="${c.ochre}"/><rect x="1070" y="380" width="50" height="46" rx="8" fill="${c.leaf}"/><path d="M1150 420 v-40 h80 q20 0 20 20 v20" stroke="${c.ochre}" stroke-width="24" fill="none"/><rect x="1030" y="520" width="240" height="90" fill="${c.cream}"/><path d="M1150 535 q24 32 24 44 a24 24 0 0 1 -48 0 q0 -12 24 -44 Z" fill="${c.gold}"/></g>`;
  // Seeds on the shelf.
  for (let i = 0; i < 30; i += 1)
    body += `<ellipse cx="${1330 + ((i * 37) % 200)}" cy="${672 - ((i * 13) % 40)}" rx="10" ry="16" fill="${i % 3 ? c.ink : '#5a5a5a'}" transform="rotate(${(i * 47) % 180} ${1330 + ((i * 37) % 200)} ${672 - ((i * 13) % 40)})"/>`;
  body += `<path d="M250 560 q60 90 60 130 a60 60 0 0 1 -120 0 q0 -40 60 -130 Z" fill="#f5c542" stroke="${c.ochre}" stroke-width="6"/>`;
  return svg(body, defs);
}

const drawings: Record<SlideId, () => string> = {
  godown: ghala,
  stationery,
  'animal-feeding': animalFeeding,
  hardware,
  printing,
  'fresh-oil': freshOil,
};

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const id of slideIds) {
    const master = await sharp(Buffer.from(drawings[id]())).png().toBuffer();
    for (const width of slideWidths) {
      const height = slideHeight(width);
      const base = sharp(master).resize(width, height);
      await base
        .clone()
        .avif({ quality: 50, effort: 6 })
        .toFile(path.join(outDir, `${id}-${width}.avif`));
      await base
        .clone()
        .webp({ quality: 72, effort: 6 })
        .toFile(path.join(outDir, `${id}-${width}.webp`));
      await base
        .clone()
        .flatten({ background: c.cream })
        .jpeg({ quality: 72, mozjpeg: true, progressive: true })
        .toFile(path.join(outDir, `${id}-${width}.jpg`));
    }
  }
  const total = readdirSync(outDir).reduce(
    (sum, name) => sum + statSync(path.join(outDir, name)).size,
    0,
  );
  console.log(
    `public/slides: ${readdirSync(outDir).length} files, ${(total / 1024).toFixed(0)} KiB`,
  );
}

await main();
