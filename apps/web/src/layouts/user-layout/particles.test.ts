import { describe, expect, it } from 'vitest';
import { createParticles, particleCount, stepParticles } from './particles';

describe('particles', () => {
  it('keeps the count small on any screen', () => {
    expect(particleCount(320, 480)).toBe(16);
    expect(particleCount(1920, 1080)).toBeLessThanOrEqual(56);
    expect(particleCount(7680, 4320)).toBe(56);
  });

  it('stays inside the canvas', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const particles = createParticles(30, 200, 100, random);
    for (let i = 0; i < 500; i++) stepParticles(particles, 200, 100, 50);
    for (const p of particles) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(200);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(100);
    }
  });
});
