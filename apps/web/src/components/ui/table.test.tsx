import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Td, Th } from './table.tsx';

function cells(th: string | undefined, td: string | undefined) {
  render(
    <table>
      <thead>
        <tr>
          <Th className={th}>Heading</Th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <Td className={td}>Value</Td>
        </tr>
      </tbody>
    </table>,
  );
  return { th: screen.getByRole('columnheader').classList, td: screen.getByRole('cell').classList };
}

describe('table cells', () => {
  it('are padded px-4 py-3 by default', () => {
    const { th, td } = cells(undefined, 'text-right');
    for (const list of [th, td]) expect([...list]).toEqual(expect.arrayContaining(['px-4', 'py-3']));
  });

  it("take their own padding in place of the default's, one direction at a time (both would apply, the stylesheet's order picking one)", () => {
    const { th, td } = cells('w-11 px-0', 'w-11 px-1 py-2');
    expect([...th]).toContain('px-0');
    expect([...th]).not.toContain('px-4');
    expect([...th]).toContain('py-3');
    expect([...td]).toEqual(expect.arrayContaining(['px-1', 'py-2']));
    expect([...td]).not.toContain('px-4');
    expect([...td]).not.toContain('py-3');
  });

  it('keep the default padding beside a padding set for wider screens only', () => {
    const { td } = cells(undefined, 'sm:px-6');
    expect([...td]).toEqual(expect.arrayContaining(['px-4', 'sm:px-6']));
  });
});
