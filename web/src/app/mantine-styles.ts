/**
 * Mantine's whole stylesheet (every component, and @mantine/notifications), in the `mantine`
 * cascade layer. The entry has only what the first paint needs (mantine-first-paint.css), the
 * notifications bring theirs (mantine-notifications.css), and lazy-named.ts loads this module
 * with every lazily loaded screen and layout: Vite's preload waits for the stylesheet before
 * that part renders, so nothing shows unstyled.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';

export {};
