import type pg from 'pg';
import { vi } from 'vitest';

/** Every query sent on `pool` while `run` runs, by its text (the app's pool, to count a kind of read). */
export async function queriesDuring<T>(
  pool: pg.Pool,
  run: () => Promise<T>,
): Promise<{ result: T; texts: string[] }> {
  const spy = vi.spyOn(pool, 'query');
  try {
    const result = await run();
    const texts = spy.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? ''),
    );
    return { result, texts };
  } finally {
    spy.mockRestore();
  }
}
