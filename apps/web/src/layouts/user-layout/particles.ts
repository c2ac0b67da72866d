/** A tiny particle field for the login background: few dots, links between near ones. */
export type Particle = { x: number; y: number; vx: number; vy: number; r: number };

/** Roughly one particle per 24 000 px², between 16 and 56, so large screens stay cheap. */
export function particleCount(width: number, height: number): number {
  return Math.max(16, Math.min(56, Math.round((width * height) / 24_000)));
}

export function createParticles(
  count: number,
  width: number,
  height: number,
  random: () => number = Math.random,
): Particle[] {
  return Array.from({ length: count }, () => {
    const angle = random() * Math.PI * 2;
    const speed = 0.008 + random() * 0.018; // px per ms
    return {
      x: random() * width,
      y: random() * height,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      r: 1 + random() * 1.6,
    };
  });
}

/** Moves every particle by `dt` ms, bouncing off the edges. */
export function stepParticles(particles: Particle[], width: number, height: number, dt: number): void {
  for (const p of particles) {
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    if (p.x < 0 || p.x > width) {
      p.vx = -p.vx;
      p.x = Math.max(0, Math.min(width, p.x));
    }
    if (p.y < 0 || p.y > height) {
      p.vy = -p.vy;
      p.y = Math.max(0, Math.min(height, p.y));
    }
  }
}

export function drawParticles(
  ctx: CanvasRenderingContext2D,
  particles: readonly Particle[],
  width: number,
  height: number,
  linkDistance = 120,
): void {
  ctx.clearRect(0, 0, width, height);
  const max2 = linkDistance * linkDistance;
  ctx.lineWidth = 1;
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i]!;
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j]!;
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      const d2 = dx * dx + dy * dy;
      if (d2 < max2) {
        ctx.strokeStyle = `rgba(145, 213, 255, ${(0.35 * (1 - d2 / max2)).toFixed(3)})`;
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
    }
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.75)';
  for (const p of particles) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
    ctx.fill();
  }
}
