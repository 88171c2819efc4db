/**
 * The Mantine theme: brand colour and the few overrides that keep text readable (WCAG AA
 * contrast) in both the light and the dark colour scheme.
 */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // White text on indigo 7 (light) and 8 (dark) is above 4.5:1; Mantine's default shade 6 is not.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  components: {
    // Mantine's close button has no accessible name, and the description's grey is under 4.5:1.
    // A plain object rather than Notification.extend(), which would pull the component into the
    // entry chunk; notifications load after first paint (app-services.tsx).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // A Select's options are rendered only while its dropdown is open. Mantine keeps a closed
    // dropdown mounted (hidden), and floating-ui positions each one as the screen mounts: on a
    // phone the products screen's filter and category selects cost ~120 ms of forced style
    // recalculation at 4x CPU throttling (decision 040). No component passes comboboxProps of
    // its own, which would replace this whole object.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
  },
});

/**
 * Mantine's `dimmed` text (gray 6 on white, dark 2 on dark 7) falls under 4.5:1; these two
 * greys stay secondary-looking but pass AA on the page and card backgrounds of both schemes.
 * So does its field error text (red 6 on white, red 8 on dark 7): red 9 and red 4 pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-dimmed': '#a3a3a3', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
