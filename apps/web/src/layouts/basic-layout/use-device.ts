import { useSyncExternalStore } from 'react';

/** Below this width the console is "mobile": the side menu becomes a drawer (spec §4, §9). */
export const MOBILE_BREAKPOINT = 1088;
/** Below this width the screen is extra small. */
export const SMALL_BREAKPOINT = 768;

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export type Device = 'desktop' | 'mobile' | 'xs';

export function deviceFor(width: number): Device {
  if (width < SMALL_BREAKPOINT) return 'xs';
  if (width < MOBILE_BREAKPOINT) return 'mobile';
  return 'desktop';
}

/** The device class of the window, updated on resize. */
export function useDevice(): Device {
  return useSyncExternalStore(
    subscribe,
    () => deviceFor(window.innerWidth),
    () => 'desktop',
  );
}
