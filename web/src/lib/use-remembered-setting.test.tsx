import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render';
import { useRememberedSetting } from './use-remembered-setting';

const KEY = 'catalog-pilot:test-setting';
let rendered: Rendered | undefined;
const shown: boolean[] = [];

let setCurrent: (value: boolean | undefined) => void = () => {};

function Reader() {
  const [current, set] = useState<boolean | undefined>(undefined);
  setCurrent = set;
  const value = useRememberedSetting(KEY, current);
  shown.push(value);
  return <p>{String(value)}</p>;
}

beforeEach(() => {
  localStorage.clear();
  shown.length = 0;
});
afterEach(() => rendered?.unmount());

describe('useRememberedSetting', () => {
  it('is false on a device that never saw the setting, then follows it and remembers it', async () => {
    rendered = await render(<Reader />);
    expect(shown.at(-1)).toBe(false);
    await act(async () => setCurrent(true));
    expect(shown.at(-1)).toBe(true);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toBe(true);
  });

  it('shows the remembered value from the first render while the setting is unknown', async () => {
    localStorage.setItem(KEY, 'true');
    rendered = await render(<Reader />);
    expect(shown[0]).toBe(true);
    await act(async () => setCurrent(false));
    expect(shown.at(-1)).toBe(false);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toBe(false);
  });
});
