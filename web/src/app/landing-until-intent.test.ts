import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  holdClicks, hydrateLandingOnIntent, landingHydrated, registerServiceWorkerAfterLoad, startOnIntent, whenLandingHydrated,
} from './landing-until-intent';

const frame = vi.hoisted(() => ({ framed: false }));
vi.mock('../lib/framed', () => ({ isFramed: () => frame.framed }));

afterEach(() => {
  document.body.replaceChildren();
});

describe('startOnIntent', () => {
  it('starts once, at the first sign of intent, and not on the browser install offer', () => {
    const start = vi.fn();
    startOnIntent(start);
    window.dispatchEvent(new Event('beforeinstallprompt'));
    window.dispatchEvent(new Event('load'));
    expect(start).not.toHaveBeenCalled();

    document.body.append(Object.assign(document.createElement('button'), { textContent: 'Open menu' }));
    document.body.querySelector('button')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('touchstart'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['pointermove', 'touchstart', 'keydown', 'wheel', 'focusin'])('counts %s as intent', (type) => {
    const start = vi.fn();
    startOnIntent(start);
    window.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('stops waiting without starting', () => {
    const start = vi.fn();
    const stop = startOnIntent(start);
    stop();
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).not.toHaveBeenCalled();
  });
});

describe('holdClicks', () => {
  function page() {
    document.body.innerHTML = '<header><button aria-label="Open menu"><span>≡</span></button><a href="/pricing">Pricing</a></header>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const link = document.querySelector('a') as HTMLAnchorElement;
    const seen: string[] = [];
    document.body.addEventListener('click', (event) => seen.push((event.target as Element).nodeName));
    return { button, link, seen };
  }

  it('holds a click on a button until the landing page has hydrated, then clicks it again', () => {
    const { button, seen } = page();
    const clicks = holdClicks();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.querySelector('span')?.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);

    clicks.release();
    whenLandingHydrated(clicks.replay);
    expect(seen).toEqual([]);
    landingHydrated();
    expect(seen).toEqual(['BUTTON']);
    // Once only.
    landingHydrated();
    clicks.replay();
    expect(seen).toEqual(['BUTTON']);
  });

  it('leaves a link to the browser, and every click alone once released', () => {
    const { button, link, seen } = page();
    const clicks = holdClicks();
    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom would navigate
    link.dispatchEvent(follow);
    expect(seen).toEqual(['A']);

    clicks.release();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(seen).toEqual(['A', 'BUTTON']);
  });

  it('does not click a held button that left the page', () => {
    const { button, seen } = page();
    const clicks = holdClicks();
    button.click();
    clicks.release();
    button.remove();
    clicks.replay();
    expect(seen).toEqual([]);
  });
});

describe('hydrateLandingOnIntent', () => {
  function landing() {
    document.body.innerHTML = '<div id="root"><header><button aria-label="Open menu">≡</button></header></div>';
    const container = document.getElementById('root') as HTMLElement;
    const button = container.querySelector('button') as HTMLButtonElement;
    const seen: string[] = [];
    container.addEventListener('click', (event) => seen.push((event.target as Element).nodeName));
    return { container, button, seen };
  }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('holds a tap made while the page hydrates until the header has hydrated, then clicks it once', async () => {
    const { container, button, seen } = landing();
    const hydrateApp = vi.fn();
    hydrateLandingOnIntent(() => Promise.resolve({ hydrateApp }), container, vi.fn());
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await flush();
    expect(hydrateApp).toHaveBeenCalledWith(container);

    // The app has loaded and hydration has begun, but the header is not live yet.
    button.click();
    expect(seen).toEqual([]);
    landingHydrated();
    expect(seen).toEqual(['BUTTON']);
    // Released: React sees every click from now on.
    button.click();
    expect(seen).toEqual(['BUTTON', 'BUTTON']);
  });

  it('stops holding taps when the app fails to load', async () => {
    const { container, button, seen } = landing();
    const failed = vi.fn();
    hydrateLandingOnIntent(() => Promise.reject(new Error('offline')), container, failed);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await flush();
    expect(failed).toHaveBeenCalledOnce();
    button.click();
    expect(seen).toEqual(['BUTTON']);
  });
});

describe('registerServiceWorkerAfterLoad', () => {
  /** A built app's page (PROD) in a browser with service workers; returns their register. */
  function builtApp() {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    return register;
  }

  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    frame.framed = false;
  });

  it('registers the worker in a page of its own', () => {
    const register = builtApp();
    registerServiceWorkerAfterLoad();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers nothing in a frame (BigCommerce\'s control panel)', () => {
    const register = builtApp();
    frame.framed = true;
    registerServiceWorkerAfterLoad();
    window.dispatchEvent(new Event('load'));
    expect(register).not.toHaveBeenCalled();
  });
});
