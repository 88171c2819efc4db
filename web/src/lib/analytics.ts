/**
 * Conversion tracking, off unless the build names an analytics id (VITE_ANALYTICS_ID). With
 * one, events go where a Google tag or Tag Manager snippet reads them: `gtag('event', ...)`
 * when the page has gtag, else a `{ event, ... }` entry in `window.dataLayer`. The app loads no
 * tag itself (the CSP allows only its own scripts): whoever sets the id adds the tag.
 */

export interface PurchaseEvent {
  /** The plan bought ('starter', 'premium'). */
  plan: string;
  /** Conversion value in `currency`. */
  value: number;
  currency: 'USD';
}

/** What the tags read: the page's gtag function and Tag Manager's data layer. */
export interface AnalyticsTarget {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
}

export interface Analytics {
  /** Sends the purchase; false when analytics is off (no id). */
  trackPurchase(event: PurchaseEvent): boolean;
}

export function createAnalytics(id: string | undefined, target: AnalyticsTarget): Analytics {
  return {
    trackPurchase({ plan, value, currency }) {
      if (!id?.trim()) return false;
      const items = [{ item_id: plan, item_name: plan, price: value, quantity: 1 }];
      if (typeof target.gtag === 'function') {
        target.gtag('event', 'purchase', { send_to: id, value, currency, items });
      } else {
        target.dataLayer ??= [];
        target.dataLayer.push({ event: 'purchase', analyticsId: id, ecommerce: { value, currency, items } });
      }
      return true;
    },
  };
}

/** The purchase conversion of the thank-you page, through this build's analytics (if any). */
export function trackPurchase(event: PurchaseEvent): boolean {
  return createAnalytics(
    import.meta.env.VITE_ANALYTICS_ID,
    window as unknown as AnalyticsTarget,
  ).trackPurchase(event);
}
