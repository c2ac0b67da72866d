/** Space kept between the popup and the map's edges, and between the popup and its pole. */
const EDGE = 8;
const GAP = 14;

/**
 * Where the pole popup goes (its top-left corner in the map's CSS px): centred above the pole,
 * below it when there is no room above, and moved sideways or up so that it stays inside the map.
 */
export function placePopup(
  pole: { x: number; y: number },
  popup: { width: number; height: number },
  map: { width: number; height: number },
): { left: number; top: number } {
  const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(v, Math.max(min, max)));
  const left = clamp(pole.x - popup.width / 2, EDGE, map.width - popup.width - EDGE);
  const above = pole.y - GAP - popup.height;
  const top = above >= EDGE ? above : pole.y + GAP;
  return { left, top: clamp(top, EDGE, map.height - popup.height - EDGE) };
}
