import { useCallback, useEffect, useState } from 'react';

/**
 * The cards a list has selected (§4 Selection): toggled one by one, set or cleared whole, and
 * cleared on every reload of the list (`list` changing identity). The projects views and the
 * renders screen share it.
 */
export function useSelection(list: unknown) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [list]);
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return { selected, setSelected, toggle };
}
