import { describe, expect, it } from 'vitest';
import { fitText } from './chart-axis-label';

/** 10 px a character: widths are easy to count. */
const measure = (text: string) => text.length * 10;

describe('fitText', () => {
  it('keeps a name that fits, spaces and all', () => {
    expect(fitText('2. Caspian Soft LLC', 190, measure)).toBe('2. Caspian Soft LLC');
  });

  it('cuts a long name to the width with an ellipsis, never past it', () => {
    const name = 'Windows Server 2022 Standard — 16 cores';
    const cut = fitText(name, 120, measure);
    expect(cut).toBe('Windows Ser…');
    expect(measure(cut)).toBeLessThanOrEqual(120);
    for (const width of [10, 55, 200, 389])
      expect(measure(fitText(name, width, measure))).toBeLessThanOrEqual(Math.max(width, 10));
  });

  it('drops the space before the ellipsis instead of showing it', () => {
    expect(fitText('Baku IT Partners', 80, measure)).toBe('Baku IT…');
  });
});
