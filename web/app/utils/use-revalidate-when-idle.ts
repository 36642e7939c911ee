import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Reloads the page's data, but never by aborting a load already under way (a navigation's, a
 * live update's, an upload's): Remix's `revalidate()` interrupts it, and the browser logs the
 * aborted fetch. A fetcher's post counts too: the reload Remix starts after it would abort ours.
 * A reload asked for meanwhile runs once, right after that load ends. The
 * returned function keeps its identity, so it is safe in effects and socket handlers.
 */
export function useRevalidateWhenIdle(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const idle =
    revalidator.state === 'idle' &&
    navigation.state === 'idle' &&
    fetchers.every((fetcher) => fetcher.state === 'idle');
  const latest = useRef({ idle, revalidator });
  latest.current = { idle, revalidator };
  const pending = useRef(false);

  useEffect(() => {
    if (pending.current && idle) {
      pending.current = false;
      revalidator.revalidate();
    }
  }, [idle, revalidator]);

  return useCallback(() => {
    if (latest.current.idle) latest.current.revalidator.revalidate();
    else pending.current = true;
  }, []);
}
