/** /login: sign in, create an account or reset a password (features/auth). */
import { LoginPage } from '../../features/auth/components/login-page';

export function LoginRoute() {
  return <LoginPage />;
}
