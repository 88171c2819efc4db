import { describe, expect, it } from 'vitest';
import { validateAuthForm } from './validate-auth-form';

const values = (email: string, password = '', confirmPassword = '') => ({ email, password, confirmPassword });

describe('validateAuthForm', () => {
  it('requires matching passwords of at least 6 characters to create an account', () => {
    expect(validateAuthForm('sign-up', values('a@b.co', 'secret1', 'secret2'))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateAuthForm('sign-up', values('a@b.co', 'abc', 'abc'))).toEqual({
      password: 'Password must be at least 6 characters long',
    });
    expect(validateAuthForm('sign-up', values('a@b.co', 'secret', 'secret'))).toEqual({});
  });

  it('asks for the email address to reset a password, and nothing else', () => {
    expect(validateAuthForm('reset', values('  '))).toEqual({ email: 'Please enter your email address' });
    expect(validateAuthForm('reset', values('a@b.co'))).toEqual({});
  });

  it('asks for an email and a password to sign in, whatever the password length', () => {
    expect(validateAuthForm('sign-in', values('', ''))).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
    expect(validateAuthForm('sign-in', values('a@b.co', 'abc'))).toEqual({});
  });

  it('catches an address that cannot be one before asking Firebase', () => {
    expect(validateAuthForm('sign-in', values('ada.example.com', 'secret')).email).toBe(
      'Please enter a valid email address.',
    );
    // The check invitations make (contracts' emailAddress): two dots in a row are no address.
    expect(validateAuthForm('sign-in', values('ada..lovelace@example.com', 'secret')).email).toBe(
      'Please enter a valid email address.',
    );
    expect(validateAuthForm('sign-in', values('  Ada.Lovelace@Example.com ', 'secret'))).toEqual({});
  });
});
