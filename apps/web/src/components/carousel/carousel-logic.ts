/**
 * The carousel's arithmetic, apart from React and the DOM: which item a scroll position shows, and where a key
 * press or a control takes it. The track's scroll position is the one source of the current item (swipe, buttons,
 * dots and keys all scroll it), so these are all the component decides itself.
 */

/** `index` kept within the items (0 … count - 1); 0 when there are none. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.round(index), 0), count - 1);
}

/**
 * The item a track shows when scrolled `scrollLeft` pixels, each item one track `width` wide: the nearest one, so
 * a swipe counts once it is past the middle. The magnitude of the offset, as a right-to-left track scrolls to
 * negative offsets.
 */
export function indexFromScroll(scrollLeft: number, width: number, count: number): number {
  if (width <= 0) return 0;
  return clampIndex(Math.abs(scrollLeft) / width, count);
}

/** Where a key press takes the carousel: the item to show, or null when the key is not the carousel's. */
export function indexForKey(key: string, index: number, count: number): number | null {
  if (count <= 1) return null;
  switch (key) {
    case 'ArrowLeft':
      return clampIndex(index - 1, count);
    case 'ArrowRight':
      return clampIndex(index + 1, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** What the carousel knows of a key press: the key, its modifiers, and what had the focus. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** The focused element's tag name (`VIDEO`, `INPUT`, …) and role, if any. */
  targetTag: string;
  targetRole: string | null;
  /** Whether the focus is on one of the carousel's own position dots, where Home and End also move. */
  onDot: boolean;
  targetEditable: boolean;
}

/** Elements whose own arrow keys mean something (seek a video, move a caret or a slider): left to them. */
const ownArrowKeys = new Set(['VIDEO', 'AUDIO', 'INPUT', 'TEXTAREA', 'SELECT']);
const ownArrowRoles = new Set(['slider', 'spinbutton', 'textbox', 'combobox', 'listbox', 'menu', 'tablist']);

/**
 * The item a key press in the carousel moves to, or null to leave it to the browser: Left and Right anywhere in
 * the carousel but inside a control that has its own use for them; Home and End on the position dots only (on the
 * track they keep scrolling the page, as a reader expects). Keys with a modifier are the browser's (Alt+Left is
 * "back").
 */
export function keyTarget(press: KeyPress, index: number, count: number): number | null {
  if (press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  if (press.targetEditable || ownArrowKeys.has(press.targetTag)) return null;
  if (press.targetRole !== null && ownArrowRoles.has(press.targetRole)) return null;
  if ((press.key === 'Home' || press.key === 'End') && !press.onDot) return null;
  return indexForKey(press.key, index, count);
}
