import { useCallback, useEffect, useRef, useState } from 'react';
import { ConsoleError } from './api';

/** What a panel draws from one read of the console's API. */
export interface Loaded<T> {
  /** The latest answer (kept while a refresh runs), null before the first. */
  data: T | null;
  loading: boolean;
  /** The server's message when the latest read failed. */
  error: string | null;
  /** Reads again (Refresh). */
  load: () => Promise<void>;
}

/**
 * Reads `read()` when the panel mounts and on `load()`. Only the latest request's answer is shown (a refresh may
 * overtake the first load), and an answer still on its way when the panel unmounts is dropped. `read` must be stable
 * (a module-level function): a new one each render would read again each render.
 */
export function useLoad<T>(read: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const mine = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const answer = await read();
      if (mine === latest.current) setData(answer);
    } catch (err) {
      if (mine === latest.current) setError(err instanceof ConsoleError ? err.message : String(err));
    } finally {
      if (mine === latest.current) setLoading(false);
    }
  }, [read]);
  useEffect(() => {
    const requests = latest;
    void load();
    return () => {
      requests.current += 1;
    };
  }, [load]);
  return { data, loading, error, load };
}
