/**
 * What a sign-in token may put in a user's profile. Its `name` and `picture` claims come from
 * whoever controls the identity (a Google profile, the Auth emulator), so they are cleaned before
 * they are stored: names lose control characters, lone surrogates and bidirectional controls
 * (contracts common.ts withoutBidiControls, the rule every name follows), are trimmed with their inner
 * whitespace collapsed, and are cut to MAX_PROFILE_NAME_LENGTH characters; a photo URL is kept
 * only when it is an https URL of at most MAX_PHOTO_URL_LENGTH characters, else null.
 */
import { withoutBidiControls } from '@catalog/contracts/common';

/** First and last name, each (characters, not UTF-16 units). */
export const MAX_PROFILE_NAME_LENGTH = 255;
/** The whole photo URL. */
export const MAX_PHOTO_URL_LENGTH = 2048;

// C0 and C1 controls (NUL, escape, DEL, ...), and UTF-16 halves without their other half.
const CONTROL = /\p{Cc}/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

/** `value` without controls and lone surrogates, trimmed, inner whitespace collapsed; null when nothing is left. */
function cleanText(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  // A tab or newline between two words keeps them apart; every other control goes.
  const cleaned = withoutBidiControls(value.replace(LONE_SURROGATE, '')).replace(/\s+/g, ' ').replace(CONTROL, '').replace(/ +/g, ' ').trim();
  return cleaned.length > 0 ? cleaned : null;
}

/** At most `max` characters (code points, so an emoji is never cut in half), trimmed again. */
function bounded(value: string | null, max: number): string | null {
  if (value === null) return null;
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join('').trimEnd();
}

/** The token's display name as first name (the first word) and last name (the rest), cleaned and bounded. */
export function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const cleaned = cleanText(name);
  if (cleaned === null) return { firstName: null, lastName: null };
  const [first, ...rest] = cleaned.split(' ');
  return {
    firstName: bounded(first!, MAX_PROFILE_NAME_LENGTH),
    lastName: bounded(rest.join(' ') || null, MAX_PROFILE_NAME_LENGTH),
  };
}

/** The token's picture when it is an https URL of bounded length (as the URL parser writes it); else null. */
export function safePhotoUrl(picture: string | null | undefined): string | null {
  if (typeof picture !== 'string' || picture.length === 0 || picture.length > MAX_PHOTO_URL_LENGTH) return null;
  // The URL parser would quietly drop or encode these; a URL that carries them is not kept at all.
  if (/[\s\p{Cc}]/u.test(picture) || HAS_LONE_SURROGATE.test(picture)) return null;
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return url.href.length <= MAX_PHOTO_URL_LENGTH ? url.href : null;
}
