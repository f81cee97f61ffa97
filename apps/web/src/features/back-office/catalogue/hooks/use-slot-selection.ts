import { useCallback, useState } from 'react';
import { toggledSelection } from '../utils/slot-calendar';

// The slots chosen on the calendar for a change of stock or state
export function useSlotSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback(
    (ids: readonly number[], on?: boolean) => setSelected((current) => toggledSelection(current, ids, on)),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, clear };
}

export type SlotToggle = ReturnType<typeof useSlotSelection>['toggle'];
