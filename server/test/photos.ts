import sharp from 'sharp';

/**
 * Generated photos for tests of the photo check (shared/photo-quality.ts): a scene with edges at every
 * scale — a lit background, pipes, fittings, a puddle, tiles — so it is sharp at any size the check
 * looks at, unlike a flat colour. Deterministic: the same seed draws the same scene.
 */
export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Multiplies every pixel's value: 0.1 keeps a tenth of the light (a photo taken in the dark). */
  light?: number;
  /** Gaussian blur sigma in pixels, applied at the final size (`.blur(8)`: out of focus). */
  blur?: number;
  /** Sensor grain: noise of this standard deviation (0–255 scale) added to every value, after any blur. */
  grain?: number;
  seed?: number;
  format?: 'jpeg' | 'png';
  /** JPEG quality, default 85. */
  quality?: number;
}

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function sceneSvg(width: number, height: number, seed: number): string {
  const next = random(seed);
  const shade = (low: number, high: number) => Math.round(low + next() * (high - low));
  const colour = () => `rgb(${shade(40, 230)},${shade(40, 230)},${shade(40, 230)})`;
  const shapes: string[] = [];
  // Wall tiles: a grid of slightly different squares with grout lines.
  const tile = Math.max(8, Math.round(Math.min(width, height) / 10));
  for (let y = 0; y < height; y += tile) {
    for (let x = 0; x < width; x += tile) {
      const grey = shade(150, 215);
      shapes.push(
        `<rect x="${x}" y="${y}" width="${tile - 2}" height="${tile - 2}" fill="rgb(${grey},${grey + 5},${grey + 10})"/>`,
      );
    }
  }
  // Pipes, fittings and stains of many sizes.
  for (let i = 0; i < 24; i++) {
    const w = Math.max(2, Math.round(width * (0.02 + next() * 0.4)));
    const h = Math.max(2, Math.round(height * (0.02 + next() * 0.15)));
    shapes.push(
      `<rect x="${shade(0, width)}" y="${shade(0, height)}" width="${w}" height="${h}" fill="${colour()}"/>`,
    );
  }
  for (let i = 0; i < 12; i++) {
    const r = Math.max(2, Math.round(Math.min(width, height) * (0.01 + next() * 0.12)));
    shapes.push(
      `<circle cx="${shade(0, width)}" cy="${shade(0, height)}" r="${r}" fill="${colour()}" stroke="rgb(30,30,30)" stroke-width="${Math.max(1, Math.round(r / 8))}"/>`,
    );
  }
  shapes.push(
    `<ellipse cx="${width / 2}" cy="${height * 0.85}" rx="${width * 0.2}" ry="${height * 0.05}" fill="rgb(90,170,220)"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(120,120,120)"/>${shapes.join('')}</svg>`;
}

/** A photo-like scene; with `light` a dark one, with `blur` a blurred one. */
export async function photoLike({
  width = 1200,
  height = 900,
  light = 1,
  blur,
  grain,
  seed = 7,
  format = 'jpeg',
  quality = 85,
}: PhotoOptions = {}): Promise<Buffer> {
  let image = sharp(Buffer.from(sceneSvg(width, height, seed)));
  if (light !== 1) image = sharp(await image.png().toBuffer()).linear(light, 0);
  if (blur) image = sharp(await image.png().toBuffer()).blur(blur);
  if (grain) {
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const next = random(seed + 1);
    // Uniform noise of the same standard deviation: ±grain·√3.
    const spread = grain * Math.sqrt(3) * 2;
    for (let i = 0; i < data.length; i++)
      data[i] = Math.min(255, Math.max(0, data[i] + (next() - 0.5) * spread));
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality }).toBuffer();
}

/** As a data URL, the way the client sends it. */
export async function photoLikeDataUrl(options: PhotoOptions = {}): Promise<string> {
  const format = options.format ?? 'jpeg';
  return `data:image/${format};base64,${(await photoLike(options)).toString('base64')}`;
}
