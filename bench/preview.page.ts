/** The page of bench/preview.ts: the preview's computation in Chromium (window.bench). */
import { timePreview } from './preview-order';

(window as unknown as { bench: unknown }).bench = { timePreview };
