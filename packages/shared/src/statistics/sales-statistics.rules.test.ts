import { describe, expect, it } from 'vitest';
import { achievedPercent, type QuarterSalesRow, quarterReport } from './sales-statistics.rules';

const quarters = (
  dealer_id: number,
  dealer_name: string,
  cells: [sales: string, target: string | null][],
): QuarterSalesRow[] =>
  cells.map(([sales_usd, target_usd], i) => ({
    dealer_id,
    dealer_name,
    quarter: i + 1,
    sales_usd,
    target_usd,
  }));

describe('[statistics] quarter targets', () => {
  it('gives sales against the target in percent, rounded half away from zero', () => {
    expect(achievedPercent('50.00', '100.00')).toBe('50.0');
    expect(achievedPercent('1.00', '3.00')).toBe('33.3');
    expect(achievedPercent('2.00', '3.00')).toBe('66.7');
    expect(achievedPercent('0.01', '20.00')).toBe('0.1'); // 0.05 rounds up
    expect(achievedPercent('-0.01', '20.00')).toBe('-0.1'); // and -0.05 down
    expect(achievedPercent('250.00', '100.00')).toBe('250.0');
    expect(achievedPercent('0.00', '100.00')).toBe('0.0');
  });

  it('gives no percent without a target or with a target of zero', () => {
    expect(achievedPercent('10.00', null)).toBeNull();
    expect(achievedPercent('10.00', '0.00')).toBeNull();
  });

  it('compares a dealer year only when all four quarters have a target', () => {
    const report = quarterReport(2026, [
      ...quarters(7, 'Alfa', [
        ['100.00', '200.00'],
        ['50.00', '100.00'],
        ['0.00', '100.00'],
        ['10.10', '100.00'],
      ]),
      ...quarters(9, 'Beta', [
        ['30.00', '60.00'],
        ['0.00', null],
        ['0.00', '10.00'],
        ['0.00', '10.00'],
      ]),
    ]);
    const [alfa, beta] = report.dealers;
    expect(alfa?.year).toEqual({ sales_usd: '160.10', target_usd: '500.00', percent: '32.0' });
    expect(alfa?.quarters[0]).toEqual({
      quarter: 1,
      sales_usd: '100.00',
      target_usd: '200.00',
      percent: '50.0',
    });
    expect(beta?.year).toEqual({ sales_usd: '30.00', target_usd: null, percent: null });
    expect(beta?.quarters[1]).toEqual({
      quarter: 2,
      sales_usd: '0.00',
      target_usd: null,
      percent: null,
    });
  });

  it('compares a quarter total only when every dealer listed has a target for it', () => {
    const report = quarterReport(2026, [
      ...quarters(7, 'Alfa', [
        ['100.00', '200.00'],
        ['50.00', '100.00'],
        ['0.00', null],
        ['0.00', null],
      ]),
      ...quarters(9, 'Beta', [
        ['30.00', '100.00'],
        ['20.00', null],
        ['0.00', null],
        ['0.00', null],
      ]),
    ]);
    expect(report.totals).toEqual([
      { quarter: 1, sales_usd: '130.00', target_usd: '300.00', percent: '43.3' },
      { quarter: 2, sales_usd: '70.00', target_usd: null, percent: null },
      { quarter: 3, sales_usd: '0.00', target_usd: null, percent: null },
      { quarter: 4, sales_usd: '0.00', target_usd: null, percent: null },
    ]);
  });

  it('keeps the dealers in the order of the rows and answers an empty year with zeros', () => {
    const report = quarterReport(2025, [
      ...quarters(9, 'Alfa', [
        ['1.00', null],
        ['0.00', null],
        ['0.00', null],
        ['0.00', null],
      ]),
      ...quarters(3, 'Beta', [
        ['0.00', null],
        ['0.00', null],
        ['0.00', null],
        ['2.00', null],
      ]),
    ]);
    expect(report.dealers.map((d) => d.dealer_id)).toEqual([9, 3]);
    expect(quarterReport(2025, [])).toEqual({
      year: 2025,
      dealers: [],
      totals: [1, 2, 3, 4].map((quarter) => ({
        quarter,
        sales_usd: '0.00',
        target_usd: null,
        percent: null,
      })),
    });
  });
});
