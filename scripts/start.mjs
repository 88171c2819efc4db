// `npm start`: set up what is missing, then run the product on its embedded defaults at
// http://localhost:8787 (PORT overrides) with its data in ./data (DATA_DIR overrides), and the
// local stand-ins: the Firebase Auth emulator (unless FIREBASE_AUTH_EMULATOR_HOST names one
// already running, or FIREBASE_PROJECT_ID names a real project), the demo BigCommerce store
// at http://127.0.0.1:8788 (unless BIGCOMMERCE_API_URL points elsewhere; its webhooks deliver to
// the local app through STORE_WEBHOOK_URL; its control panel at /manage installs the app as
// BigCommerce's does, with a local client id and secret both sides are given) and the Stripe
// stand-in at http://127.0.0.1:8789 (unless STRIPE_SECRET_KEY is set).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, portIsFree } from '../packages/listen/src/free-port.mjs';
import { startAuthEmulator } from './auth-emulator.mjs';
import { buildEnv, log, root, setup } from './setup.mjs';

setup();

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
mkdirSync(dataDir, { recursive: true });
const env = buildEnv({ NODE_ENV: process.env.NODE_ENV ?? 'development', DATA_DIR: dataDir });

const stoppers = [];

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

async function waitFor(url, name) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      log(`${name} did not answer ${url}`);
      await stopAll(1);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // Reverse order: the API first, the stand-ins it talks to last.
  for (const stop of stoppers.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const realProject = process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_PROJECT_ID.startsWith('demo-');
if (!env.FIREBASE_AUTH_EMULATOR_HOST && !realProject) {
  log('starting the Firebase Auth emulator');
  try {
    const emulator = await startAuthEmulator({ dataDir });
    stoppers.push(emulator.stop);
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    emulator.child.on('exit', () => {
      if (!stopping) {
        log('the Auth emulator stopped');
        void stopAll(1);
      }
    });
    log(`Auth emulator at http://${emulator.host}`);
  } catch (err) {
    log(String(err.message ?? err));
    process.exit(1);
  }
}

if (!env.BIGCOMMERCE_API_URL) {
  const requested = Number(env.DEMO_STORE_PORT ?? 8788);
  const port = requested > 0 && (await portIsFree(requested)) ? requested : await freePort();
  // The app as registered with the demo store (issue 34): its control panel at /manage installs
  // it, its /oauth2/token is the login service, and it may frame the app. The client secret is
  // generated once and kept with the data, like APP_SECRET.
  const appUrl = env.PUBLIC_URL || `http://localhost:${env.PORT ?? 8787}`;
  if (!env.BIGCOMMERCE_CLIENT_ID) {
    const secretFile = path.join(dataDir, 'bigcommerce-app-secret');
    if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
    Object.assign(env, {
      BIGCOMMERCE_CLIENT_ID: 'catalog-pilot-local',
      BIGCOMMERCE_CLIENT_SECRET: readFileSync(secretFile, 'utf8').trim(),
      BIGCOMMERCE_LOGIN_URL: `http://127.0.0.1:${port}`,
      BIGCOMMERCE_CONTROL_PANEL_ORIGINS: env.BIGCOMMERCE_CONTROL_PANEL_ORIGINS || `https://*.mybigcommerce.com http://127.0.0.1:${port}`,
    });
  }
  const store = spawn(process.execPath, [path.join('api', 'dist', 'demo-store.mjs')], {
    cwd: root,
    env: {
      ...env,
      DEMO_STORE_PORT: String(port),
      DEMO_STORE_APP_CLIENT_ID: env.BIGCOMMERCE_CLIENT_ID,
      DEMO_STORE_APP_CLIENT_SECRET: env.BIGCOMMERCE_CLIENT_SECRET,
      DEMO_STORE_APP_URL: appUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stoppers.push(() => stopChild(store));
  store.on('exit', (code) => {
    if (!stopping) {
      log(`the demo store exited (${code})`);
      void stopAll(1);
    }
  });
  env.BIGCOMMERCE_API_URL = `http://127.0.0.1:${port}`;
  await waitFor(`${env.BIGCOMMERCE_API_URL}/__admin/settings`, 'the demo store');
  log(`install the app from the demo store's control panel: http://127.0.0.1:${port}/manage`);
  // Its webhooks deliver to this app (registered when the store is connected in Settings), so a
  // price changed in the demo store reaches the app and the devices within seconds (decision 036).
  env.STORE_WEBHOOK_URL ||= `http://127.0.0.1:${env.PORT ?? 8787}`;
}

// Payments: the Stripe stand-in (packages/fake-stripe), which the API's real Stripe SDK is
// pointed at, with its checkout pages and signed webhooks; a real STRIPE_SECRET_KEY skips it.
if (!env.STRIPE_SECRET_KEY) {
  const requested = Number(env.FAKE_STRIPE_PORT ?? 8789);
  const port = requested > 0 && (await portIsFree(requested)) ? requested : await freePort();
  // The webhook signing secret is generated once and kept with the data, like APP_SECRET.
  const secretFile = path.join(dataDir, 'stripe-webhook-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, `whsec_${randomBytes(24).toString('hex')}`, { mode: 0o600 });
  Object.assign(env, {
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: readFileSync(secretFile, 'utf8').trim(),
    STRIPE_PRICE_STARTER: env.STRIPE_PRICE_STARTER || 'price_starter',
    STRIPE_PRICE_PREMIUM: env.STRIPE_PRICE_PREMIUM || 'price_premium',
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  const fakeStripe = spawn(process.execPath, [path.join('api', 'dist', 'fake-stripe.mjs')], {
    cwd: root,
    env: { ...env, FAKE_STRIPE_PORT: String(port), STRIPE_WEBHOOK_URL: `http://127.0.0.1:${env.PORT ?? 8787}/api/stripe/webhook` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stoppers.push(() => stopChild(fakeStripe));
  fakeStripe.on('exit', (code) => {
    if (!stopping) {
      log(`the Stripe stand-in exited (${code})`);
      void stopAll(1);
    }
  });
  await waitFor(`${env.STRIPE_API_URL}/`, 'the Stripe stand-in');
}

const api = spawn(process.execPath, ['--enable-source-maps', path.join('api', 'dist', 'server.mjs')], { cwd: root, env, stdio: 'inherit' });
stoppers.push(() => stopChild(api));
api.on('exit', (code, signal) => {
  if (stopping) return;
  log(`the API exited (${signal ?? code})`);
  void stopAll(code ?? 1);
});
log(`open http://localhost:${env.PORT ?? 8787}`);
