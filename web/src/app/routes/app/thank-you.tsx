/** /thank-you: shown after a purchase, with the next steps (features/subscription). */
import { ThankYouPage } from '../../../features/subscription/components/thank-you-page';

export function ThankYouRoute() {
  return <ThankYouPage />;
}
