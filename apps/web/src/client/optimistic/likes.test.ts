import { createNextState as produce } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { post } from '../testing/fixtures';
import { setLiked, setLikesOverview, withLike } from './likes';

describe('withLike', () => {
  it('a like raises the count and sets liked', () => {
    expect(withLike({ likesCount: 3, liked: false }, true)).toEqual({ likesCount: 4, liked: true });
  });

  it('an unlike lowers the count and clears liked', () => {
    expect(withLike({ likesCount: 3, liked: true }, false)).toEqual({ likesCount: 2, liked: false });
  });

  it('an unlike never takes the count below 0', () => {
    expect(withLike({ likesCount: 0, liked: true }, false)).toEqual({ likesCount: 0, liked: false });
  });

  it('repeating the current state changes nothing', () => {
    const details = { likesCount: 3, liked: true };
    expect(withLike(details, true)).toBe(details);
  });
});

describe('setLiked over every cached shape', () => {
  const target = post({ likesOverviewDetails: { likesCount: 3, liked: false } });
  const other = post({ likesOverviewDetails: { likesCount: 9, liked: false } });

  it('a single post', () => {
    const next = produce(target, (draft) => setLiked(draft, target.id, true));
    expect(next.likesOverviewDetails).toEqual({ likesCount: 4, liked: true });
    expect(target.likesOverviewDetails).toEqual({ likesCount: 3, liked: false });
  });

  it('a post overview, matched by contentId', () => {
    const overview = { contentId: target.id, likesOverviewDetails: { likesCount: 3, liked: false } };
    expect(produce(overview, (draft) => setLiked(draft, target.id, true)).likesOverviewDetails.likesCount).toBe(4);
  });

  it('a list of overviews and the pages of a feed, leaving other posts alone', () => {
    const pages = {
      pages: [
        { data: [other], continuationToken: 'a' },
        { data: [target], continuationToken: null },
      ],
    };
    const next = produce(pages, (draft) => setLiked(draft, target.id, true));
    expect(next.pages[1]?.data[0]?.likesOverviewDetails).toEqual({ likesCount: 4, liked: true });
    expect(next.pages[0]?.data[0]).toBe(other);
    const list = { data: [{ contentId: target.id, likesOverviewDetails: { likesCount: 1, liked: true } }] };
    expect(produce(list, (draft) => setLiked(draft, target.id, false)).data[0]?.likesOverviewDetails).toEqual({
      likesCount: 0,
      liked: false,
    });
  });
});

describe('setLikesOverview', () => {
  it("takes the server's exact count when it agrees about liked", () => {
    const liked = post({ likesOverviewDetails: { likesCount: 4, liked: true } });
    const next = produce(liked, (draft) => setLikesOverview(draft, liked.id, { likesCount: 10, liked: true }));
    expect(next.likesOverviewDetails).toEqual({ likesCount: 10, liked: true });
  });

  it('keeps the newer guess when the person changed their mind meanwhile', () => {
    const unliked = post({ likesOverviewDetails: { likesCount: 3, liked: false } });
    const next = produce(unliked, (draft) => setLikesOverview(draft, unliked.id, { likesCount: 4, liked: true }));
    expect(next.likesOverviewDetails).toEqual({ likesCount: 3, liked: false });
  });
});
