import { randomInt } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import svgCaptcha from 'svg-captcha';

/** Characters a captcha uses: no look-alikes such as 0/O, 1/I/l, 5/S. */
export const CAPTCHA_ALPHABET = '2346789ABCDEFHKMNPRTUWXY';

export function randomCaptchaText(length = 4): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

/** The part of opentype.js's font that drawing a glyph needs (svg-captcha loads it with its font). */
type PathCommand = {
  type: string;
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
};
type Font = {
  unitsPerEm: number;
  charToGlyph(ch: string): { getPath(x: number, y: number, size: number): { commands: PathCommand[] } };
};
const font = (svgCaptcha.options as unknown as { font: Font }).font;

/** A uniform random number in [min, max). */
const between = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);

type Point = { x: number; y: number };
type Transform = (p: Point) => Point;

/** Rotation, shear and scale about a glyph's centre, then its place on the image. */
function glyphTransform(cx: number, cy: number, plain: boolean): Transform {
  if (plain) return ({ x, y }) => ({ x: x + cx, y: y + cy });
  const angle = between(-0.45, 0.45);
  const shear = between(-0.35, 0.35);
  const sx = between(0.8, 1.2);
  const sy = between(0.8, 1.2);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return ({ x, y }) => {
    const u = (x + shear * y) * sx;
    const v = y * sy;
    return { x: cx + u * cos - v * sin, y: cy + u * sin + v * cos };
  };
}

/** A wave over the whole image: every outline point moves with its neighbours, so glyphs bend. */
function waveWarp(): Transform {
  const [ay, ax] = [between(2, 4.5), between(1, 3)];
  const [ly, lx] = [between(35, 60), between(18, 30)];
  const [py, px] = [between(0, 2 * Math.PI), between(0, 2 * Math.PI)];
  return ({ x, y }) => ({
    x: x + ax * Math.sin((2 * Math.PI * y) / lx + px),
    y: y + ay * Math.sin((2 * Math.PI * x) / ly + py),
  });
}

const f = (n: number) => n.toFixed(2);

/** The outline of `ch`, centred on the origin, through `transform`, as SVG path data. */
function glyphPath(ch: string, size: number, transform: Transform): string {
  const path = font.charToGlyph(ch).getPath(0, 0, size);
  const xs = path.commands.flatMap((c) => (c.x === undefined ? [] : [c.x]));
  const ys = path.commands.flatMap((c) => (c.y === undefined ? [] : [c.y]));
  const centre = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const at = (x: number | undefined, y: number | undefined) => {
    const p = transform({ x: (x ?? 0) - centre.x, y: (y ?? 0) - centre.y });
    return `${f(p.x)} ${f(p.y)}`;
  };
  return path.commands
    .map((c) => {
      switch (c.type) {
        case 'M':
        case 'L':
          return `${c.type}${at(c.x, c.y)}`;
        case 'Q':
          return `Q${at(c.x1, c.y1)} ${at(c.x, c.y)}`;
        case 'C':
          return `C${at(c.x1, c.y1)} ${at(c.x2, c.y2)} ${at(c.x, c.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}

const darkColour = () => `rgb(${randomInt(30, 140)},${randomInt(30, 140)},${randomInt(30, 160)})`;

/** Curves across the text, as dark and thick as the strokes of the glyphs. */
function noiseCurves(count: number): string {
  return Array.from({ length: count }, () => {
    const y = () => f(between(4, CAPTCHA_HEIGHT - 4));
    const d = `M${f(between(0, 15))} ${y()} C${f(between(20, 50))} ${y()} ${f(between(70, 100))} ${y()} ${f(between(CAPTCHA_WIDTH - 15, CAPTCHA_WIDTH))} ${y()}`;
    return `<path d="${d}" stroke="${darkColour()}" stroke-width="${f(between(1, 2))}" fill="none"/>`;
  }).join('');
}

/** Short dashes and dots scattered over the image. */
function speckle(count: number): string {
  return Array.from({ length: count }, () => {
    const [x, y] = [between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT)];
    const [dx, dy] = [between(-4, 4), between(-4, 4)];
    return `<path d="M${f(x)} ${f(y)} l${f(dx)} ${f(dy)}" stroke="${darkColour()}" stroke-width="${f(between(0.8, 1.8))}"/>`;
  }).join('');
}

/**
 * The SVG of a captcha: each glyph of a real font rotated, sheared and scaled on its own, the
 * whole bent by a wave, crossed by curves and speckled. `plain` draws the glyphs upright and
 * clean (what a reader would build its templates from).
 */
export function captchaSvg(text: string, plain = false): string {
  const slot = (CAPTCHA_WIDTH - 16) / text.length;
  const warp = plain ? (p: Point) => p : waveWarp();
  const glyphs = [...text]
    .map((ch, i) => {
      const size = plain ? 40 : between(36, 44);
      const cx = 8 + slot * (i + 0.5) + (plain ? 0 : between(-3, 3));
      const cy = CAPTCHA_HEIGHT / 2 + (plain ? 0 : between(-3, 3));
      const place = glyphTransform(cx, cy, plain);
      const colour = plain ? 'rgb(0,0,0)' : darkColour();
      // The font's strokes are thin: an outline of the same colour makes them readable.
      return `<path fill="${colour}" stroke="${colour}" stroke-width="1.4" d="${glyphPath(ch, size, (p) => warp(place(p)))}"/>`;
    })
    .join('');
  const background = plain
    ? 'rgb(255,255,255)'
    : `rgb(${randomInt(225, 250)},${randomInt(228, 250)},${randomInt(232, 252)})`;
  const noise = plain ? '' : `${noiseCurves(randomInt(2, 4))}${speckle(40)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"><rect width="100%" height="100%" fill="${background}"/>${glyphs}${noise}</svg>`;
}

const rasterise = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false } }).render();

/** The captcha's pixels, RGBA row by row (what a reader of the PNG gets). */
export function captchaPixels(text: string, plain = false): { width: number; height: number; rgba: Buffer } {
  const image = rasterise(captchaSvg(text, plain));
  return { width: image.width, height: image.height, rgba: Buffer.from(image.pixels) };
}

/** Renders `text` as a distorted PNG and returns it as a data URL. */
export function renderCaptcha(text: string): string {
  return `data:image/png;base64,${Buffer.from(rasterise(captchaSvg(text)).asPng()).toString('base64')}`;
}
