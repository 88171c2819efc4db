/**
 * Layout of the public pages (landing, pricing, login, feedback while signed out): navigation
 * bar, the page, footer. Used as a layout route (renders the matched child) or around a page.
 */
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import classes from './layout.module.css';
import { MarketingFooter } from './marketing-footer';
import { MarketingHeader } from './marketing-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

export function MarketingLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={classes.page}>
      <SkipLink />
      <MarketingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </main>
      <MarketingFooter />
    </div>
  );
}
