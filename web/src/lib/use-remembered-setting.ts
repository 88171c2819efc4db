/**
 * A yes/no setting of the server's as this device last saw it: while the settings are being
 * fetched (or offline) the screen shows what they said last time, then what they say, and
 * remembers that (localStorage). The products screen's first page then shows as it will stay,
 * with no second render of every card when the settings arrive.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useEffect } from 'react';

/** `current`: the setting as fetched, undefined while it is not known yet. */
export function useRememberedSetting(key: string, current: boolean | undefined): boolean {
  const [remembered, remember] = useLocalStorage({ key, defaultValue: false, getInitialValueInEffect: false });
  useEffect(() => {
    if (current !== undefined) remember(current);
  }, [current, remember]);
  return current ?? remembered;
}
