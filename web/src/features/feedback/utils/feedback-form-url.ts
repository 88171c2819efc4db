/**
 * The address of the external feedback form embedded on /feedback, from VITE_FEEDBACK_FORM_URL
 * at build time. Only http(s) addresses are accepted: anything else would let a bad setting
 * put a javascript: or data: document in the frame.
 */
export function parseFeedbackFormUrl(value: string | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** null when unset or invalid: the page then explains that the form is not available. */
export const FEEDBACK_FORM_URL = parseFeedbackFormUrl(import.meta.env.VITE_FEEDBACK_FORM_URL);
