/**
 * Numbers for people, as Intl's 'en-US' prints them: counts with thousands separators ('1,234')
 * and US dollar amounts ('$1,234.50'). Written out rather than through Intl.NumberFormat: the
 * first formatter a page builds costs tens of milliseconds of locale data on a phone, which
 * landed in the first render of /products.
 */

/** 1234 -> '1,234'; -1234.5 -> '-1,234.5'. */
export function formatCount(n: number): string {
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** 12.5 -> '$12.50'; -3 -> '-$3.00'; rounded to the cent. */
export function formatDollars(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = formatCount(Math.floor(cents / 100));
  return `${amount < 0 && cents > 0 ? '-' : ''}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}
