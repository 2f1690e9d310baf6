/** The median of a list of measurements (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The q-quantile (0–1) of a list of measurements, nearest rank: p95 of 20 runs is the 19th. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}

/**
 * The latencies of a light call made every 10 ms until `until` settles: what another operator's
 * screen waits while a heavy call runs.
 */
export async function lightCallLatencies(call: () => Promise<unknown>, until: Promise<unknown>): Promise<number[]> {
  let running = true;
  const stop = () => {
    running = false;
  };
  until.then(stop, stop);
  const light: number[] = [];
  while (running) {
    const t0 = performance.now();
    await call();
    light.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  return light;
}

/** "N calls, p50 … ms, p95 … ms, max … ms" of a list of latencies. */
export const latencySummary = (xs: readonly number[]) =>
  `${xs.length} calls, p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
