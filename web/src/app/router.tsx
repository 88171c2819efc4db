/**
 * Every route of the product (spec section 2). Only the landing page is bundled with the entry;
 * every other screen, and the signed-in shell, is loaded on first visit.
 *
 * Signed-out visitors see the landing page at "/" and at any unknown path; signed-in users see
 * the dashboard at "/" and the 404 page at unknown paths (AuthSwitch, driven by useAuth()).
 * Visitors reach only /, /pricing, /login, /accept-invitation, /feedback and /sign-in/code (where
 * BigCommerce's control panel opens the app, issue 34); every other screen is behind RequireAuth.
 */
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthSwitch } from './auth-switch';
import { MarketingLayout } from './layouts/marketing-layout';
import { lazyNamed } from './lazy-named';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import * as modules from './route-modules';
import { LandingRoute } from './routes/landing';

const SignedInLayout = lazyNamed(modules.loadSignedInLayout, 'SignedInLayout');

const PricingRoute = lazyNamed(modules.loadPricing, 'PricingRoute');
const LoginRoute = lazyNamed(modules.loadLogin, 'LoginRoute');
const AcceptInvitationRoute = lazyNamed(modules.loadAcceptInvitation, 'AcceptInvitationRoute');
const SignInWithCodeRoute = lazyNamed(modules.loadSignInWithCode, 'SignInWithCodeRoute');
const AdoptInstallationRoute = lazyNamed(modules.loadAdoptInstallation, 'AdoptInstallationRoute');
const FeedbackRoute = lazyNamed(modules.loadFeedback, 'FeedbackRoute');
const NotFoundRoute = lazyNamed(modules.loadNotFound, 'NotFoundRoute');

const DashboardRoute = lazyNamed(modules.loadDashboard, 'DashboardRoute');
const ProductsRoute = lazyNamed(modules.loadProducts, 'ProductsRoute');
const WorkOrdersRoute = lazyNamed(modules.loadWorkOrders, 'WorkOrdersRoute');
const CreateWorkOrderRoute = lazyNamed(modules.loadCreateWorkOrder, 'CreateWorkOrderRoute');
const CalendarRoute = lazyNamed(modules.loadCalendar, 'CalendarRoute');
const BackupsRoute = lazyNamed(modules.loadBackups, 'BackupsRoute');
const SettingsRoute = lazyNamed(modules.loadSettings, 'SettingsRoute');
const SubscriptionRoute = lazyNamed(modules.loadSubscription, 'SubscriptionRoute');
const TeamRoute = lazyNamed(modules.loadTeam, 'TeamRoute');
const CategoryDemoRoute = lazyNamed(modules.loadCategoryDemo, 'CategoryDemoRoute');
const ThankYouRoute = lazyNamed(modules.loadThankYou, 'ThankYouRoute');

const landing = (
  <MarketingLayout>
    <LandingRoute />
  </MarketingLayout>
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: (
          <AuthSwitch
            signedIn={
              <SignedInLayout>
                <DashboardRoute />
              </SignedInLayout>
            }
            signedOut={landing}
          />
        ),
      },
      {
        element: <MarketingLayout />,
        children: [
          { path: 'pricing', element: <PricingRoute /> },
          { path: 'login', element: <LoginRoute /> },
          { path: 'accept-invitation', element: <AcceptInvitationRoute /> },
        ],
      },
      {
        // The one-time code's page, for visitors and signed-in users alike: no layout around it
        // (it shows in BigCommerce's control panel for a moment, then the app opens).
        // Contracts' SIGN_IN_WITH_CODE_PATH (not imported: it would bring zod into this chunk).
        path: 'sign-in/code',
        element: <SignInWithCodeRoute />,
      },
      {
        // Linked as "Contact" from the marketing pages, and a section of the signed-in app.
        path: 'feedback',
        element: (
          <AuthSwitch
            signedIn={
              <SignedInLayout>
                <FeedbackRoute />
              </SignedInLayout>
            }
            signedOut={
              <MarketingLayout>
                <FeedbackRoute />
              </MarketingLayout>
            }
          />
        ),
      },
      {
        // Signed-in screens: visitors are sent to /login first.
        element: (
          <RequireAuth>
            <SignedInLayout />
          </RequireAuth>
        ),
        children: [
          { path: 'products', element: <ProductsRoute /> },
          { path: 'work-orders', element: <WorkOrdersRoute /> },
          { path: 'work-orders/create', element: <CreateWorkOrderRoute /> },
          { path: 'calendar', element: <CalendarRoute /> },
          { path: 'backups', element: <BackupsRoute /> },
          { path: 'settings', element: <SettingsRoute /> },
          // Contracts' ADOPT_INSTALLATION_PATH (issue 34), written out as the code page's is.
          { path: 'adopt-installation', element: <AdoptInstallationRoute /> },
          { path: 'subscription', element: <SubscriptionRoute /> },
          { path: 'team', element: <TeamRoute /> },
          { path: 'category-demo', element: <CategoryDemoRoute /> },
          { path: 'thank-you', element: <ThankYouRoute /> },
        ],
      },
      {
        path: '*',
        element: (
          <AuthSwitch
            signedIn={
              <SignedInLayout>
                <NotFoundRoute />
              </SignedInLayout>
            }
            signedOut={landing}
          />
        ),
      },
    ],
  },
];

type AppRouterInstance = ReturnType<typeof createBrowserRouter>;
let prepared: AppRouterInstance | null = null;

/**
 * Makes the router the next AppRouter takes, now: start-app.tsx calls it in a task of its own
 * before the first render (it reads the routes and the history: ~20 ms on a phone-speed CPU,
 * which would otherwise be part of the first render's first slice).
 */
export function prepareRouter(): void {
  prepared ??= createBrowserRouter(routes);
}

export function AppRouter() {
  // One router for the app's lifetime (StrictMode renders twice; useState keeps the first).
  const [router] = useState(() => {
    const router = prepared ?? createBrowserRouter(routes);
    prepared = null;
    return router;
  });
  return <RouterProvider router={router} />;
}
