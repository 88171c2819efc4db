/** /thank-you: shown after a successful checkout. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ThankYouRoute() {
  return (
    <ComingSoonPage
      title="Thank you for your purchase!"
      description="Your new plan is being activated. Next: connect your store, create a work order or invite your team."
      documentTitle="Thank you"
    />
  );
}
