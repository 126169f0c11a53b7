import { describe, expect, it } from 'vitest';
import { previewText } from './constants.ts';

describe('previewText', () => {
  it('keeps short descriptions whole', () => {
    expect(previewText('Steel claw hammer')).toBe('Steel claw hammer');
  });

  it('cuts long descriptions at 50 characters with an ellipsis', () => {
    const long = 'a'.repeat(60);
    expect(previewText(long)).toBe(`${'a'.repeat(50)}…`);
  });
});
