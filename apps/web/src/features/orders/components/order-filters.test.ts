import { orderListQuerySchema } from '@esd/shared/orders/orders.schemas';
import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  type OrderFilters,
  parseOrderFilters,
  toOrdersQuery,
  toOrdersSearch,
} from './order-filters';

const parse = (search: string) => parseOrderFilters(new URLSearchParams(search));

describe('order filters in the URL', () => {
  it('reads every filter', () => {
    expect(
      parse(
        'id=12&sku=KAS-1&product=Kaspersky&from=2026-11-01&to=2026-11-30&status=pending&type=credit&waiting=true&page=3',
      ),
    ).toEqual({
      id: 12,
      sku: 'KAS-1',
      product: 'Kaspersky',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      status: 'pending',
      sellType: 2,
      waiting: true,
      page: 3,
    });
  });

  it('drops what the server would refuse', () => {
    expect(
      parse('id=abc&sku=%20%20&from=2026-13-45x&to=yesterday&status=lost&type=gold&page=-2'),
    ).toEqual({ page: 1 });
    expect(parse('id=99999999999').id).toBeUndefined();
    expect(parse('id=0').id).toBeUndefined();
  });

  it('reads the statuses the list shows, returned ones included', () => {
    expect(parse('status=partly_returned').status).toBe('partly_returned');
    expect(parse('status=returned').status).toBe('returned');
  });

  it('round-trips through the URL and keeps the open order', () => {
    const filters: OrderFilters = {
      id: 5,
      product: 'Office 2024',
      dateFrom: '2026-01-02',
      status: 'in_progress',
      sellType: 1,
      page: 2,
    };
    const search = toOrdersSearch(filters, 41);
    expect(search.toString()).toBe(
      'id=5&product=Office+2024&from=2026-01-02&status=in_progress&type=cash&page=2&order=41',
    );
    expect(parseOrderFilters(search)).toEqual(filters);
  });

  it('leaves defaults out of the URL', () => {
    expect(toOrdersSearch({ page: 1 }).toString()).toBe('');
    expect(hasFilters({ page: 4 })).toBe(false);
    expect(hasFilters({ page: 1, waiting: true })).toBe(true);
  });

  it('builds a query the shared schema accepts', () => {
    const query = toOrdersQuery(parse('sku=A&from=2026-11-01&type=credit&waiting=true&page=2'), 25);
    // as the URL carries it: text
    const parsed = orderListQuerySchema.parse(
      Object.fromEntries(
        Object.entries(query).flatMap(([key, value]) =>
          value === undefined ? [] : [[key, String(value)]],
        ),
      ),
    );
    expect(parsed).toMatchObject({
      page: 2,
      perPage: 25,
      sku: 'A',
      date_from: '2026-11-01',
      sell_type: 2,
      waiting: true,
    });
  });
});
