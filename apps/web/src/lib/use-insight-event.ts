import { useEffect } from 'react';
import { recordInsight, type InsightEvent } from './insight';

// Records a page's event once per distinct value, after the page has settled on it for `settleMs` (people steppers,
// a date being picked); null records nothing (the page has no data yet)
export function useInsightEvent(event: InsightEvent | null, settleMs = 0) {
  const key = event ? JSON.stringify(event) : null;
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => recordInsight(JSON.parse(key) as InsightEvent), settleMs);
    return () => clearTimeout(timer);
  }, [key, settleMs]);
}
