/** /sign-in/code#code=...: signing in with a one-time code from BigCommerce's control panel (features/auth, issue 34). */
import { SignInWithCodePage } from '../../features/auth/components/sign-in-with-code-page';

export function SignInWithCodeRoute() {
  return <SignInWithCodePage />;
}
