/** "/" for signed-out visitors (and any unknown path): the marketing landing page. */
import { CallToAction } from '../../features/marketing/components/call-to-action';
import { FeatureGrid } from '../../features/marketing/components/feature-grid';
import { Hero } from '../../features/marketing/components/hero';
import { HowItWorks } from '../../features/marketing/components/how-it-works';
import { usePageTitle } from '../../lib/use-page-title';

export function LandingRoute() {
  usePageTitle();
  return (
    <>
      <Hero />
      <FeatureGrid />
      <HowItWorks />
      <CallToAction />
    </>
  );
}
