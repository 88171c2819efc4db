/**
 * The patch of @mantine/hooks' useId (patches/, decision 043): an input's id is React's own from
 * its first commit and stays so. Unpatched, Mantine replaced it with a random one in a layout
 * effect: a synchronous re-render of every input, tooltip and popover, which ran all of the first
 * screen's effects in its commit task. An upgrade that drops the patch fails here.
 */
import { TextInput } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

describe("Mantine's useId (patched)", () => {
  it("keeps React's id from the first commit: no state update after mount", async () => {
    const atCommit: string[] = [];
    rendered = await render(<TextInput label="Name" ref={(node) => void (node && atCommit.push(node.id))} />);
    const input = rendered.container.querySelector('input')!;
    expect(atCommit[0]).toMatch(/^mantine-/);
    expect(input.id).toBe(atCommit[0]);
    expect(rendered.container.querySelector('label')!.htmlFor).toBe(input.id);
  });
});
