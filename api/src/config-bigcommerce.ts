/**
 * The configuration of installing from BigCommerce (issue 34): the app's client id and secret
 * (both or neither), where BigCommerce's login service is, and how the API signs users in to
 * Firebase Auth: the Auth emulator's unsigned tokens locally, a service account's key in
 * production (FIREBASE_SERVICE_ACCOUNT, required there when the app is registered).
 */
import type { z } from 'zod';
import type { Env } from './config-env';

export interface BigCommerceAppConfig {
  clientId: string;
  clientSecret: string;
  /** BIGCOMMERCE_LOGIN_URL without a trailing slash. */
  loginUrl: string;
  /** The key file of the service account that signs custom tokens; undefined with the Auth emulator. */
  serviceAccountFile: string | undefined;
}

/** The configuration, undefined when the app is not registered, or the line that says what is wrong (config.ts throws it). */
export function bigcommerceAppConfig(e: z.infer<typeof Env>): BigCommerceAppConfig | undefined | { problem: string } {
  const id = e.BIGCOMMERCE_CLIENT_ID;
  const secret = e.BIGCOMMERCE_CLIENT_SECRET;
  if (!id && !secret) return undefined;
  if (!id || !secret) return { problem: 'BIGCOMMERCE_CLIENT_ID and BIGCOMMERCE_CLIENT_SECRET: set both (the app\u2019s registration in BigCommerce\u2019s developer portal), or neither' };
  if (!e.FIREBASE_AUTH_EMULATOR_HOST && !e.FIREBASE_SERVICE_ACCOUNT) {
    return { problem: 'FIREBASE_SERVICE_ACCOUNT: required with BIGCOMMERCE_CLIENT_ID outside local mode (the key file of a service account that signs Firebase custom tokens)' };
  }
  return { clientId: id, clientSecret: secret, loginUrl: e.BIGCOMMERCE_LOGIN_URL.replace(/\/+$/, ''), serviceAccountFile: e.FIREBASE_SERVICE_ACCOUNT };
}
