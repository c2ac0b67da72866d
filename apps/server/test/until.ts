/**
 * Polls `probe` until it returns something truthy and returns that value; fails after
 * `timeoutMs`. For outcomes that arrive asynchronously (broker round trips, timers).
 */
export async function until<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
