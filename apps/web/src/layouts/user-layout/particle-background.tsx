import { useEffect, useRef } from 'react';
import { createParticles, drawParticles, particleCount, stepParticles } from './particles';

/** ~30 frames per second is plenty for slow drifting dots and halves the work of 60. */
const FRAME_MS = 33;

/**
 * The login page's particle background on one <canvas>: few particles, requestAnimationFrame,
 * paused while the tab is hidden, a still picture when the user prefers reduced motion.
 */
export function ParticleBackground({ className }: { className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let width = 0;
    let height = 0;
    let particles = createParticles(0, 0, 0);
    let frame = 0;
    let last = 0;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 1.5);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      particles = createParticles(particleCount(width, height), width, height);
      drawParticles(ctx, particles, width, height);
    };

    const tick = (time: number) => {
      frame = requestAnimationFrame(tick);
      const dt = last ? time - last : FRAME_MS;
      if (dt < FRAME_MS) return;
      last = time;
      stepParticles(particles, width, height, Math.min(dt, 100));
      drawParticles(ctx, particles, width, height);
    };

    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      last = 0;
    };
    const start = () => {
      if (frame || document.hidden || reducedMotion?.matches) return;
      frame = requestAnimationFrame(tick);
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    const onMotionChange = () => (reducedMotion?.matches ? stop() : start());

    resize();
    start();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resize);
    observer?.observe(canvas);
    document.addEventListener('visibilitychange', onVisibility);
    reducedMotion?.addEventListener?.('change', onMotionChange);
    return () => {
      stop();
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      reducedMotion?.removeEventListener?.('change', onMotionChange);
    };
  }, []);

  return <canvas ref={canvasRef} className={className} data-testid="particle-background" />;
}
