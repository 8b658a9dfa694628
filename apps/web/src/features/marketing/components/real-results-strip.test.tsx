import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderRoutes } from '@/test/render.tsx';
import { RealResultsStrip, realResults } from './real-results-strip.tsx';

describe('the home page strip of real results', () => {
  it('shows the engines’ example outputs, each linking to its product page', () => {
    renderRoutes([{ path: '/', element: <RealResultsStrip /> }]);
    const strip = screen.getByRole('region', { name: "Made by the studio's own engines" });
    const images = within(strip).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual(realResults.map((item) => item.src));
    for (const src of realResults.map((item) => item.src)) expect(src).toMatch(/^\/examples\//);
    expect(within(strip).getByRole('link', { name: /Virtual Try-On/ })).toHaveAttribute('href', '/products/virtual-try-on');
  });
});
