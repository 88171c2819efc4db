#!/usr/bin/env node
/**
 * Draws the Catalog Pilot app icons (a white price tag on an indigo rounded square) and writes
 * them to web/public/: PNGs for the web app manifest and iOS, plus the SVG favicon.
 *
 * No native dependencies: shapes are rasterised here with 4x4 supersampling and encoded as
 * RGBA PNGs with node:zlib. Run it after changing the logo: `node scripts/make-icons.mjs`.
 * src/components/logo.tsx draws the same mark as an inline SVG in a 64-unit box: keep the two in step.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

/** Brand gradient, top-left to bottom-right (Mantine indigo 6 -> 8). */
const BRAND_FROM = [0x4c, 0x6e, 0xf5];
const BRAND_TO = [0x36, 0x4f, 0xc7];
const WHITE = [0xff, 0xff, 0xff];

/**
 * The tag, pointing left before rotation, in a unit box centred on 0,0. It is drawn rotated
 * by 45 degrees so that its tip points to the top-left corner.
 */
const TAG_POLYGON = [
  [-0.42, 0],
  [-0.2, -0.22],
  [0.42, -0.22],
  [0.42, 0.22],
  [-0.2, 0.22],
];
/** Corner rounding of the tag and its punched hole, same units. */
const TAG_ROUNDING = 0.045;
const HOLE = { x: -0.17, y: 0, r: 0.07 };
const ROTATION = Math.PI / 4;

// ---- geometry -------------------------------------------------------------------------------

function rotate([x, y], angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c - y * s, x * s + y * c];
}

function insidePolygon(x, y, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Inside the polygon grown by `round` (a convex polygon with rounded corners). */
function insideRounded(x, y, poly, round) {
  if (insidePolygon(x, y, poly)) return true;
  for (let i = 0; i < poly.length; i++) {
    if (distanceToSegment(x, y, poly[i], poly[(i + 1) % poly.length]) <= round) return true;
  }
  return false;
}

function insideRoundedSquare(x, y, radius) {
  // x, y in 0..1
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return x >= 0 && x <= 1 && y >= 0 && y <= 1 && Math.hypot(x - cx, y - cy) <= radius;
}

/**
 * The tag polygon shrunk by the rounding, so that growing it back gives the intended outline.
 * (Good enough for this convex shape: every vertex moves toward the centroid.)
 */
function shrink(poly, by) {
  const cx = poly.reduce((s, p) => s + p[0], 0) / poly.length;
  const cy = poly.reduce((s, p) => s + p[1], 0) / poly.length;
  return poly.map(([x, y]) => {
    const d = Math.hypot(x - cx, y - cy);
    return [x - ((x - cx) / d) * by * 1.4, y - ((y - cy) / d) * by * 1.4];
  });
}

const tagCore = shrink(TAG_POLYGON, TAG_ROUNDING);

/**
 * Colour of one sample. `u`, `v` in 0..1 over the whole image. `inset` is the share of each side
 * left as margin around the tag (bigger for the maskable icon's safe zone); `fullBleed` paints
 * the background edge to edge instead of as a rounded square.
 */
function sample(u, v, { fullBleed, inset }) {
  const inBackground = fullBleed || insideRoundedSquare(u, v, 0.22);
  if (!inBackground) return null;
  // Tag space: centred, scaled so the tag box fills the area inside the inset.
  const scale = 1 - 2 * inset;
  const [tx, ty] = rotate([(u - 0.5) / scale, (v - 0.5) / scale], -ROTATION);
  const inHole = Math.hypot(tx - HOLE.x, ty - HOLE.y) <= HOLE.r;
  if (!inHole && insideRounded(tx, ty, tagCore, TAG_ROUNDING)) return WHITE;
  const t = (u + v) / 2;
  return BRAND_FROM.map((c, i) => Math.round(c + (BRAND_TO[i] - c) * t));
}

function render(size, options) {
  const ss = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const color = sample((x + (sx + 0.5) / ss) / size, (y + (sy + 0.5) / ss) / size, options);
          if (!color) continue;
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      }
      const o = (y * size + x) * 4;
      if (a > 0) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(g / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return encodePng(size, size, pixels);
}

// ---- PNG encoding ---------------------------------------------------------------------------

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- SVG favicon ----------------------------------------------------------------------------

function svgFavicon() {
  const size = 64;
  const p = (n) => +(n * size).toFixed(2);
  const inset = 0.12;
  const scale = 1 - 2 * inset;
  const toImage = ([x, y]) => {
    const [rx, ry] = rotate([x * scale, y * scale], ROTATION);
    return [p(rx + 0.5), p(ry + 0.5)];
  };
  const points = tagCore
    .map(toImage)
    .map(([x, y]) => `${x},${y}`)
    .join(' ');
  const [hx, hy] = toImage([HOLE.x, HOLE.y]);
  const hex = (c) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${size}" y2="${size}"><stop offset="0" stop-color="${hex(BRAND_FROM)}"/><stop offset="1" stop-color="${hex(BRAND_TO)}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${p(0.22)}" fill="url(#g)"/>
  <polygon points="${points}" fill="#fff" stroke="#fff" stroke-width="${p(2 * TAG_ROUNDING * scale)}" stroke-linejoin="round"/>
  <circle cx="${hx}" cy="${hy}" r="${p(HOLE.r * scale)}" fill="url(#g)"/>
</svg>
`;
}

// ---- output ---------------------------------------------------------------------------------

const outputs = [
  // "any" purpose icons: rounded square with transparent corners.
  { file: 'icons/icon-192.png', size: 192, options: { fullBleed: false, inset: 0.12 } },
  { file: 'icons/icon-512.png', size: 512, options: { fullBleed: false, inset: 0.12 } },
  // Maskable: full-bleed background, the tag kept inside the central 80% safe zone.
  { file: 'icons/icon-maskable-512.png', size: 512, options: { fullBleed: true, inset: 0.18 } },
  // iOS masks its own corners and shows transparency as black: full-bleed.
  { file: 'icons/apple-touch-icon.png', size: 180, options: { fullBleed: true, inset: 0.16 } },
];

mkdirSync(join(publicDir, 'icons'), { recursive: true });
for (const { file, size, options } of outputs) {
  const png = render(size, options);
  writeFileSync(join(publicDir, file), png);
  console.log(`wrote public/${file} (${size}x${size}, ${png.length} bytes)`);
}
writeFileSync(join(publicDir, 'favicon.svg'), svgFavicon());
console.log('wrote public/favicon.svg');
