import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../../../testing/render';
import { useProductColumns, type OptionalColumn } from './column-chooser';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  localStorage.clear();
});

describe('useProductColumns', () => {
  it('gives the same array across renders while the choice stands (the memoized cards take it as a prop)', async () => {
    localStorage.setItem('catalog-pilot:product-columns', JSON.stringify(['costPrice', 'brand', 'nonsense']));
    const seen: OptionalColumn[][] = [];
    function Probe() {
      const [columns] = useProductColumns();
      seen.push(columns);
      return null;
    }
    rendered = await render(<Probe />);
    // Mantine's hook stores the value it read again after mount: a re-render with a new array.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[0]).toEqual(['brand', 'costPrice']);
    expect(new Set(seen).size).toBe(1);
  });
});
