import { describe, expect, it } from 'vitest';
import { isSafeUrl, markdownToPlainText, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and links with rel', () => {
    const html = renderMarkdown('# Title\n\n- **one**\n- [site](https://example.com) and [page](/company/pricing)');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>one</strong>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<a href="/company/pricing" rel="noopener">page</a>');
  });

  it('shows raw HTML as text: no script, no event handlers', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nHi <b onclick="x()">b</b>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<b /i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops javascript:, data: and vbscript: links and images', () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:x) ![e](data:image/png;base64,AAAA) [f](java\tscript:alert(1))',
    );
    expect(html).not.toMatch(/href="(javascript|data|vbscript)/i);
    expect(html).not.toMatch(/src="data:/i);
    expect(html).not.toMatch(/<a /);
  });

  it('judges URLs', () => {
    expect(isSafeUrl('https://x.y')).toBe(true);
    expect(isSafeUrl('mailto:a@b.c')).toBe(true);
    expect(isSafeUrl('/blog')).toBe(true);
    expect(isSafeUrl('#top')).toBe(true);
    expect(isSafeUrl('//evil.example')).toBe(false);
    expect(isSafeUrl(' javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,x')).toBe(false);
  });

  it('gives the plain words of a document', () => {
    expect(markdownToPlainText('# Hello *world*\n\n[link text](https://x.y) ![alt](/a.png)')).toBe('Hello world link text alt');
  });
});
