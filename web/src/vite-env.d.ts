/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Address of the embedded feedback form (/feedback); when unset the page shows a note instead. */
  readonly VITE_FEEDBACK_FORM_URL?: string;
  /**
   * Firebase web config of the production project (web/.env.example). Without the API key the
   * app runs in local mode against the Auth emulator the server names (src/lib/firebase.ts).
   */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Analytics id (Google tag / Tag Manager); when set, the thank-you page sends the purchase conversion. */
  readonly VITE_ANALYTICS_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
