import type { Registry } from 'prom-client';

type Labels = Record<string, string>;
type Series = { labels: Labels; buckets: number[]; sum: number; count: number };
type Sample = { labels: Labels; value: number; metricName: string };

/**
 * A Prometheus histogram for the one observation every answer makes. prom-client's Histogram
 * converts, validates and hashes the label object on every `observe`, even through `labels()`;
 * here a series is found by a string key the caller builds once, and an observation is a bucket
 * increment. Registered in a prom-client registry, it is exposed like any other histogram
 * (`_bucket` with cumulative `le`, `_sum`, `_count`, the registry's default labels).
 */
export class RouteHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** Adds `value` to the series `key`, made from `labels()` the first time the key is seen. */
  observe(key: string, labels: () => Labels, value: number) {
    let series = this.series.get(key);
    if (!series) {
      series = { labels: labels(), buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    const bucket = this.upperBounds.findIndex((bound) => value <= bound);
    if (bucket >= 0) series.buckets[bucket]! += 1;
    series.sum += value;
    series.count += 1;
  }

  get() {
    const values: Sample[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((bound, i) => {
        cumulative += buckets[i]!;
        values.push({
          labels: { ...labels, le: String(bound) },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        labels: { ...labels, le: '+Inf' },
        value: count,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  reset() {
    this.series.clear();
  }
}
