// Draws the installable app's icons (apps/web/public/icons, listed in its manifest in
// apps/web/vite.config.ts) from the Soar mark (apps/web/src/shared/ui/logo.tsx):
// node scripts/draw-icons.mjs. The PNGs are committed; run this again when the mark changes.
import path from 'node:path';
import sharp from 'sharp';

const primary = '#465CFF';
const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');

/** The mark's chart line and arrow on a 32-unit grid, in `colour`. */
const glyph = (colour) =>
  `<path d="M7 21l6-6 4 4 8-9" fill="none" stroke="${colour}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M20 10h5v5" fill="none" stroke="${colour}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The glyph scaled by `scale` about the grid's centre. */
const centred = (scale, colour) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph(colour)}</g>`;

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;

const icons = [
  // The mark as the app shows it: a rounded square.
  { file: 'icon-192.png', size: 192, body: `<rect width="32" height="32" rx="8" fill="${primary}"/>${glyph('#fff')}` },
  { file: 'icon-512.png', size: 512, body: `<rect width="32" height="32" rx="8" fill="${primary}"/>${glyph('#fff')}` },
  // Maskable: the platform cuts its own shape, so the colour fills the square and the glyph stays
  // inside the central safe circle (80% of the width).
  {
    file: 'maskable-512.png',
    size: 512,
    body: `<rect width="32" height="32" fill="${primary}"/>${centred(0.72, '#fff')}`,
  },
  // iOS rounds the corners itself.
  {
    file: 'apple-touch-icon.png',
    size: 180,
    body: `<rect width="32" height="32" fill="${primary}"/>${centred(0.85, '#fff')}`,
  },
  // Notification badge: Android uses only its alpha channel.
  { file: 'badge-96.png', size: 96, body: centred(1.15, '#fff') },
];

for (const icon of icons) {
  await sharp(Buffer.from(svg(icon.body)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`apps/web/public/icons/${icon.file} (${icon.size}x${icon.size})`);
}
