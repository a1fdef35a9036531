/**
 * Renders the installable app's icons from apps/web/pwa/icon.svg into apps/web/public/pwa/:
 * 192 and 512 px ("any" and "maskable": the drawing keeps its subject in the central safe zone),
 * a 180 px apple-touch-icon and a 32 px favicon. The PNGs are committed; run `npm run icons` after
 * changing the drawing.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web');
const svg = readFileSync(path.join(web, 'pwa/icon.svg'));
const out = path.join(web, 'public/pwa');
mkdirSync(out, { recursive: true });

const sizes = { 'icon-192.png': 192, 'icon-512.png': 512, 'apple-touch-icon-180.png': 180, 'favicon-32.png': 32 };
for (const [name, size] of Object.entries(sizes)) {
  await sharp(svg, { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 192 })
    .toFile(path.join(out, name));
  console.log(`apps/web/public/pwa/${name}`);
}
