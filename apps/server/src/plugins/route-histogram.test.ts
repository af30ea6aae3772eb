import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteHistogram } from './route-histogram';

describe('RouteHistogram', () => {
  it('exposes cumulative buckets, sum and count per series with the default labels', async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ app: 'test' });
    const histogram = new RouteHistogram('took_seconds', 'Time taken', [0.1, 1], registry);
    const labels = (route: string) => () => ({ route });
    histogram.observe('a', labels('/a'), 0.05);
    histogram.observe('a', labels('/a'), 0.1); // on a bound: counted in that bucket
    histogram.observe('a', labels('/a'), 0.5);
    histogram.observe('a', labels('/a'), 3); // above every bound: only in +Inf
    histogram.observe('b', labels('/b'), 0.25);

    expect(await registry.metrics()).toBe(
      [
        '# HELP took_seconds Time taken',
        '# TYPE took_seconds histogram',
        'took_seconds_bucket{route="/a",le="0.1",app="test"} 2',
        'took_seconds_bucket{route="/a",le="1",app="test"} 3',
        'took_seconds_bucket{route="/a",le="+Inf",app="test"} 4',
        'took_seconds_sum{route="/a",app="test"} 3.65',
        'took_seconds_count{route="/a",app="test"} 4',
        'took_seconds_bucket{route="/b",le="0.1",app="test"} 0',
        'took_seconds_bucket{route="/b",le="1",app="test"} 1',
        'took_seconds_bucket{route="/b",le="+Inf",app="test"} 1',
        'took_seconds_sum{route="/b",app="test"} 0.25',
        'took_seconds_count{route="/b",app="test"} 1',
        '',
      ].join('\n'),
    );

    registry.resetMetrics();
    expect(await registry.metrics()).toBe(
      '# HELP took_seconds Time taken\n# TYPE took_seconds histogram\n',
    );
  });
});
