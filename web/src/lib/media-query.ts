/**
 * A media query's answer for client-rendered screens, read during the first render.
 *
 * Mantine's useMediaQuery answers `false` first and the real value from a layout effect, which
 * re-renders the component synchronously inside the commit: for the signed-in shell on a phone
 * that is a second render of the whole header and sidebar in the same long task (decision 040).
 * Nothing signed-in is rendered on the server (only the landing page is pre-rendered), so the
 * first render can ask the browser directly.
 */
import { useMediaQuery } from '@mantine/hooks';

export function useScreenQuery(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
