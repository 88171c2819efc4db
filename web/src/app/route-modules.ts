/**
 * The app's lazily loaded modules: the signed-in shell, every screen, Mantine's full stylesheet.
 * The router renders them (router.tsx, through lazyNamed); for a returning user the entry starts
 * loading the shell and the screen at the address together with the app's own code
 * (start-early.ts), rather than one after the other once the app runs. No React here: the entry
 * imports this module.
 */

/** Loads a module once; `loaded()` gives it synchronously once it has loaded. */
export interface ModuleLoader<T> {
  (): Promise<T>;
  loaded(): T | undefined;
}

function loader<T>(load: () => Promise<T>): ModuleLoader<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  const start = () =>
    (loading ??= load().then(
      (value) => (module = value),
      (err: unknown) => {
        loading = undefined; // asked again, it tries again
        throw err;
      },
    ));
  return Object.assign(start, { loaded: () => module });
}

/** Mantine's full stylesheet; Vite's preload resolves once the <link> has loaded. */
export const loadMantineStyles = loader(() => import('./mantine-styles'));

export const loadSignedInLayout = loader(() => import('./layouts/signed-in-layout'));

export const loadPricing = loader(() => import('./routes/pricing'));
export const loadLogin = loader(() => import('./routes/login'));
export const loadAcceptInvitation = loader(() => import('./routes/accept-invitation'));
export const loadSignInWithCode = loader(() => import('./routes/sign-in-with-code'));
export const loadFeedback = loader(() => import('./routes/feedback'));
export const loadNotFound = loader(() => import('./routes/not-found'));

export const loadDashboard = loader(() => import('./routes/app/dashboard'));
export const loadProducts = loader(() => import('./routes/app/products'));
export const loadWorkOrders = loader(() => import('./routes/app/work-orders'));
export const loadCreateWorkOrder = loader(() => import('./routes/app/create-work-order'));
export const loadCalendar = loader(() => import('./routes/app/calendar'));
export const loadBackups = loader(() => import('./routes/app/backups'));
export const loadSettings = loader(() => import('./routes/app/settings'));
export const loadAdoptInstallation = loader(() => import('./routes/app/adopt-installation'));
export const loadSubscription = loader(() => import('./routes/app/subscription'));
export const loadTeam = loader(() => import('./routes/app/team'));
export const loadCategoryDemo = loader(() => import('./routes/app/category-demo'));
export const loadThankYou = loader(() => import('./routes/app/thank-you'));

/**
 * What a signed-in user sees at each path inside the signed-in shell (router.tsx: "/" is the
 * dashboard, the rest are RequireAuth's children and /feedback; router.test.tsx keeps the two
 * in step). The marketing-only pages are absent.
 */
export const SIGNED_IN_SCREENS: Readonly<Record<string, ModuleLoader<unknown>>> = {
  '/': loadDashboard,
  '/products': loadProducts,
  '/work-orders': loadWorkOrders,
  '/work-orders/create': loadCreateWorkOrder,
  '/calendar': loadCalendar,
  '/backups': loadBackups,
  '/settings': loadSettings,
  '/adopt-installation': loadAdoptInstallation,
  '/subscription': loadSubscription,
  '/team': loadTeam,
  '/category-demo': loadCategoryDemo,
  '/thank-you': loadThankYou,
  '/feedback': loadFeedback,
};

/**
 * Paths that show the same page to everyone, outside the signed-in shell: the marketing pages (a
 * signed-in user is sent on from /login) and the sign-in with a one-time code (issue 34: contracts'
 * SIGN_IN_WITH_CODE_PATH, written out so the entry does not carry zod).
 */
export const MARKETING_PATHS: readonly string[] = ['/pricing', '/login', '/accept-invitation', '/sign-in/code'];

/** The screen a signed-in user sees at `pathname` in the shell; null on a marketing page. */
export function signedInScreenAt(pathname: string): ModuleLoader<unknown> | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (MARKETING_PATHS.includes(path)) return null;
  return Object.hasOwn(SIGNED_IN_SCREENS, path) ? SIGNED_IN_SCREENS[path]! : loadNotFound;
}
