/**
 * The time now, re-rendering every 30 s: what says "5 minutes ago" (the last sync, the storefront
 * publication's last run) stays true while the screen is open.
 */
import { useEffect, useState } from 'react';

export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
