import { describe, expect, it } from 'vitest';
import { bioPreview } from './tipster-bio';

describe('bio preview (SPEC §9: 100 characters)', () => {
  it('keeps short bios whole', () => {
    expect(bioPreview('Short bio.')).toEqual({ preview: 'Short bio.', isTruncated: false });
    expect(bioPreview('x'.repeat(100)).isTruncated).toBe(false);
  });

  it('cuts longer bios at 100 characters', () => {
    const { preview, isTruncated } = bioPreview('y'.repeat(101));
    expect(isTruncated).toBe(true);
    expect(preview).toBe(`${'y'.repeat(100)}…`);
  });
});
