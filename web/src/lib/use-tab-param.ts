import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The open tab of a tabbed page, kept in the address as `?tab=` so it can be linked to and survives a reload.
 * An unknown or absent value opens `fallback`; choosing `fallback` removes the parameter. Changes replace the
 * history entry, so switching tabs does not fill the back button.
 */
export function useTabParam<T extends string>(allowed: readonly T[], fallback: T): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = allowed.find((t) => t === requested) ?? fallback;
  const setTab = useCallback(
    (value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === fallback) next.delete('tab');
          else next.set('tab', value);
          return next;
        },
        { replace: true },
      ),
    [setParams, fallback],
  );
  return [tab, setTab];
}
