/**
 * The login card's three modes (spec section 2, Login page): sign in, create an account (with a
 * password confirmation) and reset the password (email only). The checks of spec section 5 run
 * before any Firebase call; Firebase failures show as the messages of section 8.
 */
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { createAccount, sendResetEmail, signInWithEmail } from '../api/email-auth';
import { authErrorMessage, isExplainedAuthError } from '../utils/auth-errors';
import {
  validateAuthForm,
  type AuthFormErrors,
  type AuthFormValues,
  type AuthMode,
} from '../utils/validate-auth-form';
import { GoogleSignInButton } from './google-sign-in-button';

const COPY: Record<AuthMode, { title: string; intro: string; submit: string; pageTitle: string }> = {
  'sign-in': {
    title: 'Sign in to Catalog Pilot',
    intro: 'Welcome back. Sign in to manage your catalog and work orders.',
    submit: 'Sign in',
    pageTitle: 'Sign in',
  },
  'sign-up': {
    title: 'Create your account',
    intro: 'Start your free trial. No credit card required.',
    submit: 'Create account',
    pageTitle: 'Create account',
  },
  reset: {
    title: 'Reset your password',
    intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
    submit: 'Send reset link',
    pageTitle: 'Reset password',
  },
};

const EMPTY_VALUES: AuthFormValues = { email: '', password: '', confirmPassword: '' };

interface AuthFormProps {
  /** A Google popup is about to open: the page delays its redirect after that sign-in. */
  onGoogleStart: () => void;
  onGoogleFailure: () => void;
}

export function AuthForm({ onGoogleStart, onGoogleFailure }: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [values, setValues] = useState<AuthFormValues>(EMPTY_VALUES);
  const [fieldErrors, setFieldErrors] = useState<AuthFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const modeChanged = useRef(false);
  const copy = COPY[mode];
  usePageTitle(copy.pageTitle);

  // After a switch of mode, continue from the email field (the first field of every mode).
  useEffect(() => {
    if (modeChanged.current) emailRef.current?.focus();
  }, [mode]);

  const switchMode = (next: AuthMode) => {
    modeChanged.current = true;
    setMode(next);
    // The passwords never carry over from one mode to another.
    setValues((v) => ({ ...v, password: '', confirmPassword: '' }));
    setFieldErrors({});
    setFormError(null);
  };

  const setField = (field: keyof AuthFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const errors = validateAuthForm(mode, values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    setSubmitting(true);
    try {
      if (mode === 'sign-in') {
        await signInWithEmail(values.email, values.password);
        notifications.show({
          color: 'green',
          title: 'Signed in',
          message: 'Successfully signed in with email',
        });
      } else if (mode === 'sign-up') {
        const { verificationSent } = await createAccount(values.email, values.password);
        notifications.show({
          color: 'green',
          title: 'Account created successfully!',
          message: verificationSent
            ? `Welcome to Catalog Pilot. We sent a link to ${values.email.trim()} to verify your email address.`
            : 'Welcome to Catalog Pilot',
        });
      } else {
        const email = values.email.trim();
        await sendResetEmail(email);
        notifications.show({
          color: 'green',
          title: 'Password Reset Email Sent!',
          message: `Check your inbox at ${email}. If you don't see it in a few minutes, check your spam folder.`,
          autoClose: 10_000,
        });
        switchMode('sign-in');
      }
    } catch (err) {
      if (!isExplainedAuthError(mode, err)) console.error(`${mode} failed`, err);
      setFormError(authErrorMessage(mode, err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'lg', xs: 'xl' }} shadow="sm">
      <Title order={1} fz={{ base: 24, xs: 28 }}>
        {copy.title}
      </Title>
      <Text mt={6} c="dimmed">
        {copy.intro}
      </Text>

      {mode !== 'reset' && (
        <>
          <Stack mt="lg">
            <GoogleSignInButton
              disabled={submitting}
              onStart={() => {
                setFormError(null);
                onGoogleStart();
              }}
              onFailure={(message) => {
                onGoogleFailure();
                setFormError(message);
              }}
            />
          </Stack>
          <Divider my="lg" label="or use your email" labelPosition="center" />
        </>
      )}

      <form onSubmit={(e) => void submit(e)} noValidate aria-label={copy.title}>
        <Stack gap="md" mt={mode === 'reset' ? 'lg' : 0}>
          <TextInput
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={values.email}
            onChange={(e) => setField('email')(e.currentTarget.value)}
            error={fieldErrors.email}
          />
          {mode !== 'reset' && (
            <PasswordInput
              label="Password"
              autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
              required
              value={values.password}
              onChange={(e) => setField('password')(e.currentTarget.value)}
              error={fieldErrors.password}
              description={mode === 'sign-up' ? 'At least 6 characters' : undefined}
              visible={passwordVisible}
              onVisibilityChange={setPasswordVisible}
              visibilityToggleButtonProps={{ 'aria-label': 'Show password', tabIndex: 0 }}
            />
          )}
          {mode === 'sign-up' && (
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={(e) => setField('confirmPassword')(e.currentTarget.value)}
              error={fieldErrors.confirmPassword}
              visible={passwordVisible}
              onVisibilityChange={setPasswordVisible}
              visibilityToggleButtonProps={{ 'aria-label': 'Show passwords', tabIndex: 0 }}
            />
          )}
          {mode === 'sign-in' && (
            <Anchor component="button" type="button" size="sm" onClick={() => switchMode('reset')} w="fit-content">
              Forgot your password?
            </Anchor>
          )}

          {formError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
              {formError}
            </Alert>
          )}

          <Button type="submit" size="md" fullWidth loading={submitting}>
            {copy.submit}
          </Button>
        </Stack>
      </form>

      <Text ta="center" size="sm" mt="lg">
        {mode === 'sign-in' && 'New to Catalog Pilot? '}
        {mode === 'sign-up' && 'Already have an account? '}
        {mode === 'reset' ? (
          <Anchor component="button" type="button" size="sm" onClick={() => switchMode('sign-in')}>
            Back to sign in
          </Anchor>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => switchMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
          >
            {mode === 'sign-in' ? 'Create one' : 'Sign in'}
          </Anchor>
        )}
      </Text>
    </Paper>
  );
}
