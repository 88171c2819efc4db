/**
 * Signing out, wherever the button is (dashboard, sidebar): ends the Firebase session on this
 * device, forgets the last user's API results and goes to the landing page.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearApiQueries } from './api-query';
import { useAuth } from './session';

export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(err, 'Failed to sign out. Please try again.'),
      });
      return;
    }
    clearApiQueries();
    void navigate('/', { replace: true });
  }, [signOut, navigate]);
}
