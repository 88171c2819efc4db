import { describe, expect, it } from 'vitest';
import { parseFeedbackFormUrl } from './feedback-form-url';

describe('parseFeedbackFormUrl', () => {
  it('accepts an https form address', () => {
    expect(parseFeedbackFormUrl(' https://forms.example.com/f/abc?embedded=true ')).toBe(
      'https://forms.example.com/f/abc?embedded=true',
    );
  });

  it('treats an unset or blank setting as no form', () => {
    expect(parseFeedbackFormUrl(undefined)).toBeNull();
    expect(parseFeedbackFormUrl('   ')).toBeNull();
  });

  it('refuses addresses that are not http(s) or not addresses at all', () => {
    expect(parseFeedbackFormUrl('javascript:alert(1)')).toBeNull();
    expect(parseFeedbackFormUrl('data:text/html,hi')).toBeNull();
    expect(parseFeedbackFormUrl('forms.example.com/f/abc')).toBeNull();
  });
});
