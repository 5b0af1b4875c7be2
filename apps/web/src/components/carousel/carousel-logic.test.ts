import { describe, expect, it } from 'vitest';
import { clampIndex, indexForKey, indexFromScroll, type KeyPress, keyTarget } from './carousel-logic';

describe('clampIndex', () => {
  it('keeps an index within the items', () => {
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(0, 5)).toBe(0);
    expect(clampIndex(3, 5)).toBe(3);
    expect(clampIndex(5, 5)).toBe(4);
    expect(clampIndex(99, 5)).toBe(4);
  });

  it('rounds a fractional index and is 0 with no items or no number', () => {
    expect(clampIndex(1.4, 5)).toBe(1);
    expect(clampIndex(1.6, 5)).toBe(2);
    expect(clampIndex(2, 0)).toBe(0);
    expect(clampIndex(Number.NaN, 5)).toBe(0);
  });
});

describe('indexFromScroll', () => {
  it('is the item nearest the scroll position', () => {
    expect(indexFromScroll(0, 390, 4)).toBe(0);
    expect(indexFromScroll(194, 390, 4)).toBe(0);
    expect(indexFromScroll(196, 390, 4)).toBe(1);
    expect(indexFromScroll(780, 390, 4)).toBe(2);
    // Fractional pixels of a zoomed page still land on the item.
    expect(indexFromScroll(1169.6, 390, 4)).toBe(3);
  });

  it('stays within the items past either end (overscroll) and on a right-to-left track', () => {
    expect(indexFromScroll(2000, 390, 4)).toBe(3);
    expect(indexFromScroll(-780, 390, 4)).toBe(2);
  });

  it('is the first item while the track has no width yet', () => {
    expect(indexFromScroll(500, 0, 4)).toBe(0);
  });
});

describe('indexForKey', () => {
  it('moves one item with the arrows and stops at the ends', () => {
    expect(indexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(indexForKey('ArrowRight', 2, 3)).toBe(2);
    expect(indexForKey('ArrowLeft', 2, 3)).toBe(1);
    expect(indexForKey('ArrowLeft', 0, 3)).toBe(0);
  });

  it('goes to the first and last item with Home and End', () => {
    expect(indexForKey('Home', 2, 3)).toBe(0);
    expect(indexForKey('End', 0, 3)).toBe(2);
  });

  it('leaves other keys, and a single item, alone', () => {
    expect(indexForKey('ArrowUp', 1, 3)).toBeNull();
    expect(indexForKey('Enter', 1, 3)).toBeNull();
    expect(indexForKey('ArrowRight', 0, 1)).toBeNull();
  });
});

describe('keyTarget', () => {
  const press = (overrides: Partial<KeyPress>): KeyPress => ({
    key: 'ArrowRight',
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    targetTag: 'DIV',
    targetRole: null,
    onDot: false,
    targetEditable: false,
    ...overrides,
  });

  it('moves on Left and Right wherever the focus is in the carousel', () => {
    expect(keyTarget(press({}), 0, 4)).toBe(1);
    expect(keyTarget(press({ key: 'ArrowLeft', targetTag: 'BUTTON' }), 2, 4)).toBe(1);
  });

  it('leaves the arrows to a video, a field or a slider inside a slide', () => {
    expect(keyTarget(press({ targetTag: 'VIDEO' }), 0, 4)).toBeNull();
    expect(keyTarget(press({ targetTag: 'INPUT' }), 0, 4)).toBeNull();
    expect(keyTarget(press({ targetRole: 'slider' }), 0, 4)).toBeNull();
    expect(keyTarget(press({ targetEditable: true }), 0, 4)).toBeNull();
  });

  it('leaves keys with a modifier to the browser', () => {
    expect(keyTarget(press({ altKey: true }), 0, 4)).toBeNull();
    expect(keyTarget(press({ shiftKey: true }), 0, 4)).toBeNull();
    expect(keyTarget(press({ metaKey: true }), 0, 4)).toBeNull();
    expect(keyTarget(press({ ctrlKey: true }), 0, 4)).toBeNull();
  });

  it('takes Home and End on the position dots only', () => {
    expect(keyTarget(press({ key: 'End' }), 0, 4)).toBeNull();
    expect(keyTarget(press({ key: 'End', onDot: true, targetTag: 'BUTTON' }), 0, 4)).toBe(3);
    expect(keyTarget(press({ key: 'Home', onDot: true, targetTag: 'BUTTON' }), 3, 4)).toBe(0);
  });
});
