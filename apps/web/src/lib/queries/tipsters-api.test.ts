import { describe, expect, it } from 'vitest';
import { makeTipster, paged } from '../../test/public-test-kit.test-support';
import { withFollowState } from './tipsters-api';

describe('follow state in cached lists and profiles', () => {
  it('flips the tipster in a profile, a page and pages of an infinite list, and nothing else', () => {
    const a = makeTipster({ id: 1 });
    const b = makeTipster({ id: 2 });
    expect(withFollowState(a, 1, true)).toEqual({ ...a, isFollowed: true });
    expect(withFollowState(b, 1, true)).toBe(b);
    expect(withFollowState(paged([a, b], 1, 5), 1, true)).toEqual(
      paged([{ ...a, isFollowed: true }, b], 1, 5),
    );
    const infinite = { pages: [paged([a], 1, 1), paged([b], 2, 1)], pageParams: [1, 2] };
    expect(withFollowState(infinite, 2, true)).toEqual({
      pages: [paged([a], 1, 1), paged([{ ...b, isFollowed: true }], 2, 1)],
      pageParams: [1, 2],
    });
  });
});
