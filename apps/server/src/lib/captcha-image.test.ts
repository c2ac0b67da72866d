import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  captchaPixels,
  randomCaptchaText,
  renderCaptcha,
} from './captcha-image';

/** A black-and-white image: 1 where the pixel is dark (ink), 0 elsewhere. */
type Bitmap = { width: number; height: number; ink: Uint8Array };

function binarise({ width, height, rgba }: { width: number; height: number; rgba: Buffer }): Bitmap {
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const luminance = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    ink[i] = luminance < 170 ? 1 : 0;
  }
  return { width, height, ink };
}

/** The smallest part of `b` that holds all its ink. */
function crop(b: Bitmap): Bitmap {
  let [x0, y0, x1, y1] = [b.width, b.height, -1, -1];
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++)
      if (b.ink[y * b.width + x])
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) ink[y * width + x] = b.ink[(y + y0) * b.width + x + x0]!;
  return { width, height, ink };
}

/**
 * The reader an attacker writes in an afternoon: one template per character, cut from the
 * captcha's own renderer drawing that character alone, matched in each character's slot by
 * pixel overlap (Dice coefficient) over a window of positions; the best template wins.
 */
class TemplateReader {
  private readonly templates = [...CAPTCHA_ALPHABET].map((ch) => ({
    ch,
    bitmap: crop(binarise(captchaPixels(ch, true))),
  }));

  read(image: Bitmap, length: number): string {
    const slot = (CAPTCHA_WIDTH - 16) / length;
    let text = '';
    for (let i = 0; i < length; i++) {
      const centre = { x: 8 + slot * (i + 0.5), y: CAPTCHA_HEIGHT / 2 };
      let best = { ch: '?', score: -2 };
      for (const { ch, bitmap: t } of this.templates) {
        for (let dy = -3; dy <= 3; dy++)
          for (let dx = -6; dx <= 6; dx++) {
            const left = Math.round(centre.x - t.width / 2 + dx);
            const top = Math.round(centre.y - t.height / 2 + dy);
            const score = this.correlation(image, t, left, top);
            if (score > best.score) best = { ch, score };
          }
      }
      text += best.ch;
    }
    return text;
  }

  /** Correlation of ink and paper between the template placed at (left, top) and the image under it. */
  private correlation(image: Bitmap, t: Bitmap, left: number, top: number): number {
    const n = [0, 0, 0, 0]; // [paper, paper], [paper, ink], [ink, paper], [ink, ink]: template, image
    for (let y = 0; y < t.height; y++) {
      const iy = top + y;
      for (let x = 0; x < t.width; x++) {
        const ix = left + x;
        const a =
          iy >= 0 && iy < image.height && ix >= 0 && ix < image.width ? image.ink[iy * image.width + ix]! : 0;
        n[t.ink[y * t.width + x]! * 2 + a]!++;
      }
    }
    const [n00, n01, n10, n11] = n as [number, number, number, number];
    const spread = Math.sqrt((n11 + n10) * (n01 + n00) * (n11 + n01) * (n10 + n00));
    return spread === 0 ? 0 : (n11 * n00 - n10 * n01) / spread;
  }
}

describe('captcha image', () => {
  const reader = new TemplateReader();

  it('is a PNG data URL of the size the login page shows', () => {
    const url = renderCaptcha('AB23');
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.split(',')[1]!, 'base64');
    expect(png.readUInt32BE(16)).toBe(CAPTCHA_WIDTH);
    expect(png.readUInt32BE(20)).toBe(CAPTCHA_HEIGHT);
    expect(randomCaptchaText()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
  });

  it('the template reader reads the same glyphs drawn upright and clean (it is a working reader)', () => {
    let read = 0;
    for (let i = 0; i < 30; i++) {
      const text = randomCaptchaText();
      if (reader.read(binarise(captchaPixels(text, true)), 4) === text) read++;
    }
    expect(read).toBeGreaterThanOrEqual(27);
  });

  it('the template reader reads fewer than 5 in 100 captchas fully', () => {
    let read = 0;
    let characters = 0;
    for (let i = 0; i < 100; i++) {
      const text = randomCaptchaText();
      const guess = reader.read(binarise(captchaPixels(text)), 4);
      if (guess === text) read++;
      characters += [...guess].filter((ch, k) => ch === text[k]).length;
    }
    expect(read).toBeLessThan(5);
    // Not by luck of a few characters: most single characters are misread too.
    expect(characters / 400).toBeLessThan(0.5);
  }, 60_000);
});
