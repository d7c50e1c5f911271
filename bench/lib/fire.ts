/**
 * Fixed-duration HTTP load with autocannon, timed response by response (bench/load.ts,
 * bench/diagnose-flood.ts), and the percentile the benchmarks report. It lives in a subfolder so that
 * bench/index.ts does not run it as a benchmark.
 */
import autocannon from 'autocannon';

/** The fixed-rate runs are split over this many autocannon instances started 1/STAGGER s apart (see fire()). */
const STAGGER = 10;

export interface Load {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Statuses that count as a correct answer (anything else is reported as unexpected); absent: any status. */
  expect?: number[];
  connections: number;
  /** Requests per second over all connections; absent: as fast as the server answers (saturation). */
  rate?: number;
}

export interface Figures {
  reqPerSec: number;
  responses: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Map<number, number>;
  unexpected: number;
  errors: number;
  timeouts: number;
}

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The `p`th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Runs `load` against `baseUrl` for `seconds` and measures every response itself, from autocannon's
 * 'response' events: autocannon's own latency histogram leaves out non-2xx answers and, with a rate,
 * "corrects" for coordinated omission with an interval of ceil(1/rate) = 1 ms, which distorts it.
 *
 * A rate in autocannon is a per-connection budget per second, spent back to back as each second
 * starts; one instance would send the whole second's requests in a burst. So a fixed rate is split
 * over STAGGER instances started 1/STAGGER s apart: ten small bursts a second, close to an even flow.
 */
export async function fire(
  baseUrl: string,
  load: Load,
  seconds: number,
  { timeoutSeconds = 10 }: { timeoutSeconds?: number } = {},
): Promise<Figures> {
  const total = load.rate === undefined ? undefined : Math.max(1, Math.round(load.rate));
  const parts = total === undefined ? 1 : Math.min(STAGGER, total);
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  const runs: Promise<autocannon.Result>[] = [];
  for (let part = 0; part < parts; part++) {
    if (part > 0) await new Promise((resolve) => setTimeout(resolve, 1000 / parts));
    // Spread the rate exactly: 16/s over 10 instances is six at 2/s and four at 1/s.
    const rate = total === undefined ? undefined : Math.floor(total / parts) + (part < total % parts ? 1 : 0);
    runs.push(
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: baseUrl + load.path,
            method: load.method ?? 'GET',
            headers: load.headers,
            body: load.body,
            connections: Math.max(1, Math.round(load.connections / parts)),
            overallRate: rate,
            duration: seconds,
            timeout: timeoutSeconds,
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        // At run time the listener gets the client first (@types/autocannon omits it).
        (instance as NodeJS.EventEmitter).on(
          'response',
          (_client: unknown, status: number, _bytes: number, ms: number) => {
            samples.push(ms);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          },
        );
      }),
    );
  }
  const results = await Promise.all(runs);
  const sorted = Float64Array.from(samples).sort();
  const expected =
    load.expect === undefined
      ? samples.length
      : load.expect.reduce((sum, status) => sum + (statuses.get(status) ?? 0), 0);
  return {
    reqPerSec: results.reduce((sum, result) => sum + result.requests.total / result.duration, 0),
    responses: samples.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    statuses,
    unexpected: samples.length - expected,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
  };
}

/** Statuses by count, most frequent first: "200×950 429×50". */
export const statusList = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
