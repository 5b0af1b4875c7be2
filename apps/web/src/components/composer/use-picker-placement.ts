import { type RefObject, useLayoutEffect, useState } from 'react';

/** The list's tallest (picker.module.css), and the least worth showing when the screen is nearly full. */
const TALLEST = 280;
const SMALLEST = 132;
const GAP = 8;

export interface PickerPlacement {
  placement: 'below' | 'above';
  maxHeight: number;
}

/**
 * Where the caption's picker opens: under the caption when the visible part of the screen has room for it there,
 * else on the side with more room (above, on a phone whose keyboard covers the lower half), its height capped to
 * that room, and scrolled into view. Measured on the visual viewport, which shrinks when a keyboard comes up.
 * `openedFor` changes with each token typed, so a list that grew or moved is placed again.
 */
export function usePickerPlacement(
  anchor: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  openedFor: string | null,
): PickerPlacement {
  const [placement, setPlacement] = useState<PickerPlacement>({ placement: 'below', maxHeight: TALLEST });
  useLayoutEffect(() => {
    if (openedFor === null || !anchor.current) return;
    const viewport = window.visualViewport;
    const top = viewport?.offsetTop ?? 0;
    const bottom = top + (viewport?.height ?? window.innerHeight);
    const box = anchor.current.getBoundingClientRect();
    const wanted = Math.min(list.current?.scrollHeight ?? TALLEST, TALLEST);
    const below = bottom - box.bottom - GAP;
    const above = box.top - top - GAP;
    const side = below >= wanted || below >= above ? 'below' : 'above';
    const maxHeight = Math.max(SMALLEST, Math.min(TALLEST, side === 'below' ? below : above));
    setPlacement((before) =>
      before.placement === side && before.maxHeight === maxHeight ? before : { placement: side, maxHeight },
    );
    // Whatever the side, the list is brought into view if part of it is still hidden (a very small screen).
    list.current?.scrollIntoView({ block: 'nearest' });
  }, [anchor, list, openedFor]);
  return placement;
}
