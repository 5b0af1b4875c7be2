import { createNextState as produce } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { person, post, suggested, uuid } from '../testing/fixtures';
import { adjustCount, itemsOf } from './carriers';
import { removePerson } from './people';
import { removePost, setCaption, setCaptionResult } from './posts';

describe('carriers', () => {
  it('finds the items of one value, a list and pages', () => {
    const [a, b, c] = [post(), post(), post()];
    expect(itemsOf(a)).toEqual([a]);
    expect(itemsOf({ data: [a, b] })).toEqual([a, b]);
    expect(itemsOf({ pages: [{ data: [a] }, { data: [b, c] }] })).toEqual([a, b, c]);
  });

  it('counts stop at zero', () => {
    expect(adjustCount(0, -1)).toBe(0);
    expect(adjustCount(1, 1)).toBe(2);
  });
});

describe('removePerson (dismiss a suggestion)', () => {
  it('takes the person out of suggestion pages (by citizenId) and relevant lists (by id)', () => {
    const gone = suggested();
    const kept = suggested();
    const pages = { pages: [{ data: [kept, gone], continuationToken: null }] };
    expect(produce(pages, (draft) => removePerson(draft, gone.citizenId)).pages[0]?.data).toEqual([kept]);
    const relevant = { data: [person({ id: gone.citizenId }), person()] };
    expect(produce(relevant, (draft) => removePerson(draft, gone.citizenId)).data).toHaveLength(1);
  });

  it('lowers the total of an offset page', () => {
    const gone = person();
    const page = { pages: [{ data: [gone, person()], total: 2 }] };
    expect(produce(page, (draft) => removePerson(draft, gone.id)).pages[0]).toMatchObject({ total: 1 });
  });

  it('leaves a list without the person untouched', () => {
    const list = { data: [person()], total: 1 };
    expect(produce(list, (draft) => removePerson(draft, uuid()))).toBe(list);
  });
});

describe('posts', () => {
  it('removePost takes a post out of every page', () => {
    const [a, b] = [post(), post()];
    const pages = {
      pages: [
        { data: [a, b], continuationToken: 'x' },
        { data: [], continuationToken: null },
      ],
    };
    expect(produce(pages, (draft) => removePost(draft, a.id)).pages[0]?.data).toEqual([b]);
  });

  it('setCaption shows the text at once and keeps only mentions still asked for', () => {
    const [kept, dropped] = [uuid(), uuid()];
    const original = post({
      caption: {
        content: 'hi @carol @dave',
        mentions: [
          { id: kept, username: 'carol', displayName: 'Carol' },
          { id: dropped, username: 'dave', displayName: 'Dave' },
        ],
      },
      mentionRequest: [kept, dropped],
    });
    const next = produce(original, (draft) => setCaption(draft, original.id, 'hi @carol', [kept]));
    expect(next.caption).toEqual({
      content: 'hi @carol',
      mentions: [{ id: kept, username: 'carol', displayName: 'Carol' }],
    });
    expect(next.mentionRequest).toEqual([kept]);
  });

  it("setCaptionResult takes the server's resolved caption, mentions and hashtags", () => {
    const original = post();
    const mention = { id: uuid(), username: 'erin', displayName: 'Erin' };
    const result = {
      caption: { content: '#sun @erin', mentions: [mention] },
      mentionRequest: [mention.id],
      hashtags: ['sun'],
    };
    const next = produce({ data: [original] }, (draft) => setCaptionResult(draft, original.id, result));
    expect(next.data[0]).toMatchObject(result);
  });
});
