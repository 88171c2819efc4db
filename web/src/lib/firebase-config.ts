/**
 * Which Firebase project the app signs in to. Local mode (the build has no VITE_FIREBASE_API_KEY):
 * a demo project on the Auth emulator whose address the server injects into index.html
 * (`<script id="app-config" type="application/json">`). Production: the project named by the
 * VITE_FIREBASE_* build variables (web/.env.example), and no emulator.
 */

/** The demo project `npm start` and the browser tests use (scripts/auth-emulator.mjs). */
export const DEFAULT_PROJECT_ID = 'demo-catalog';
/** The emulator's address when index.html carries no runtime config (the Vite dev server). */
export const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:9099';
/** The Auth emulator accepts any API key; this one marks local mode in requests. */
export const LOCAL_API_KEY = 'demo-api-key';

export interface FirebaseSettings {
  options: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** The Auth emulator's origin, or null for the real service. */
  emulatorUrl: string | null;
}

/** The build variables of production mode (web/.env.example). */
export interface FirebaseEnv {
  VITE_FIREBASE_API_KEY?: string;
  VITE_FIREBASE_AUTH_DOMAIN?: string;
  VITE_FIREBASE_PROJECT_ID?: string;
  VITE_FIREBASE_APP_ID?: string;
}

/** What the server injects into index.html (api/src/web/static.ts RuntimeConfig). */
export interface RuntimeConfig {
  firebase?: { projectId?: string | null; authEmulatorUrl?: string | null };
  /** The local demo store's credentials, or null against a real store (lib/demo-store.ts). */
  demoStore?: unknown;
}

/** The server's `<script id="app-config" type="application/json">`, or null without one. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig | null {
  const text = doc.getElementById('app-config')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}

/** What to initialise Firebase with, from the build variables and the runtime config. */
export function firebaseSettings(
  env: FirebaseEnv,
  runtime: RuntimeConfig | null,
): FirebaseSettings {
  const apiKey = env.VITE_FIREBASE_API_KEY?.trim();
  if (apiKey) {
    const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim() ?? '';
    return {
      options: {
        apiKey,
        authDomain: env.VITE_FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
        projectId,
        ...(env.VITE_FIREBASE_APP_ID?.trim() ? { appId: env.VITE_FIREBASE_APP_ID.trim() } : {}),
      },
      emulatorUrl: null,
    };
  }
  const projectId = runtime?.firebase?.projectId || DEFAULT_PROJECT_ID;
  // No runtime config at all: the Vite dev server, next to `npm start`'s emulator.
  const emulatorUrl = runtime ? (runtime.firebase?.authEmulatorUrl ?? null) : DEFAULT_EMULATOR_URL;
  if (!emulatorUrl) {
    // A local build served by a production server: there is no project to sign in to.
    throw new Error(
      'Sign-in is not configured: build the web app with VITE_FIREBASE_API_KEY, or run the Auth emulator.',
    );
  }
  return {
    options: { apiKey: LOCAL_API_KEY, authDomain: `${projectId}.firebaseapp.com`, projectId },
    emulatorUrl,
  };
}
