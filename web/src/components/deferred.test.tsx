import { act, useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render';
import { Deferred, deferredPartsShown, resetDeferredParts } from './deferred';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const waitFor = async (check: () => boolean, ms = 3_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
};

let fullMounts = 0;
function Full({ label }: { label: string }) {
  useState(() => ++fullMounts);
  return <button type="button" data-kind="full">{label}</button>;
}

function Control({ force = false, until }: { force?: boolean; until?: 'idle' | 'press' }) {
  const [pressed, setPressed] = useState(0);
  return (
    <>
      <Deferred
        force={force}
        until={until}
        plain={(activate) => (
          <button
            type="button"
            data-kind="plain"
            onClick={() => {
              activate();
              setPressed((n) => n + 1);
            }}
          >
            Columns
          </button>
        )}
      >
        <Full label={`Columns ${pressed}`} />
      </Deferred>
      <input aria-label="elsewhere" />
    </>
  );
}

const kind = () => rendered!.container.querySelector('button')?.getAttribute('data-kind');

// One file, one module: the first test sees the app's first screen, the others a later one.
describe('Deferred', () => {
  it("shows the plain control in the app's first screen, the full one after it is painted; the focus stays on the control", async () => {
    expect(deferredPartsShown()).toBe(false);
    rendered = await render(<Control />);
    expect(kind()).toBe('plain');
    const plain = rendered.container.querySelector('button')!;
    plain.focus();
    // The box lays out as nothing: the control is its parent's child.
    expect(plain.parentElement!.className).toMatch(/box/);
    await waitFor(() => kind() === 'full');
    expect(deferredPartsShown()).toBe(true);
    expect(document.activeElement).toBe(rendered.container.querySelector('button'));
    expect(fullMounts).toBe(1);
  });

  it('shows the full control at once in a screen opened later', async () => {
    rendered = await render(<Control />);
    expect(kind()).toBe('full');
  });
});

describe('Deferred before the first paint', () => {
  it('a press on the plain control shows the full one at once, and the press counts', async () => {
    resetDeferredParts();
    rendered = await render(<Control />);
    expect(kind()).toBe('plain');
    act(() => rendered!.container.querySelector('button')!.click());
    expect(kind()).toBe('full');
    expect(rendered.container.querySelector('button')!.textContent).toBe('Columns 1');
  });

  it('shows the parts one after the other, each in a commit of its own', async () => {
    resetDeferredParts();
    const seen: number[] = [];
    function Part() {
      // The full parts in the page as this one commits: all of them if they came in one commit.
      useLayoutEffect(() => void seen.push(document.querySelectorAll('[data-kind="full"]').length), []);
      return <button type="button" data-kind="full">full</button>;
    }
    const plain = () => <button type="button" data-kind="plain">plain</button>;
    rendered = await render(
      <>
        <Deferred plain={plain}>
          <Part />
        </Deferred>
        <Deferred plain={plain}>
          <Part />
        </Deferred>
        <Deferred plain={plain}>
          <Part />
        </Deferred>
      </>,
    );
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('force shows the full control at once (a drawer asked to open)', async () => {
    resetDeferredParts();
    rendered = await render(<Control force />);
    expect(kind()).toBe('full');
  });

  it("until='press' stays plain past the first idle moment, and shows the full control at the press", async () => {
    resetDeferredParts();
    rendered = await render(
      <>
        <Control until="press" />
        <Deferred plain={() => <span data-kind="idle-plain" />}>
          <span data-kind="idle-full" />
        </Deferred>
      </>,
    );
    // The other part, left to the idle moment, has shown in full meanwhile.
    await waitFor(() => rendered!.container.querySelector('[data-kind="idle-full"]') !== null);
    expect(deferredPartsShown()).toBe(true);
    expect(kind()).toBe('plain');
    act(() => rendered!.container.querySelector('button')!.click());
    expect(kind()).toBe('full');
    expect(rendered.container.querySelector('button')!.textContent).toBe('Columns 1');
  });

  it('keeps what force showed once force ends, and the focus on the control across the swap', async () => {
    resetDeferredParts();
    let setForce: (force: boolean) => void = () => {};
    function Forced() {
      const [force, set] = useState(false);
      setForce = set;
      return <Control until="press" force={force} />;
    }
    rendered = await render(<Forced />);
    const plain = rendered.container.querySelector('button')!;
    plain.focus();
    act(() => setForce(true));
    expect(kind()).toBe('full');
    const full = rendered.container.querySelector('button')!;
    expect(full).not.toBe(plain);
    expect(document.activeElement).toBe(full);
    act(() => setForce(false));
    expect(kind()).toBe('full');
    expect(rendered.container.querySelector('button')).toBe(full);
  });
});
