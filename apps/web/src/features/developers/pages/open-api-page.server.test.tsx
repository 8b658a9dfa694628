// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/entry-server.tsx';

const template = `<!doctype html><html><head><!--page-head--><title>Shell</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

describe('/resources/open-api rendered by the server', () => {
  it('sends the page around the reference without the OpenAPI document, which the browser reads after hydration', async () => {
    const requested: string[] = [];
    const { status, html } = await renderPage('/resources/open-api', {
      origin: 'https://lumen.example',
      template,
      transport: async (url: string) => {
        requested.push(url);
        return new Response(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'Not here' } }), { status: 404 });
      },
    });
    expect(status).toBe(200);
    expect(html).toContain('Typed SDK');
    expect(html).toContain('Loading the API reference');
    expect(requested.filter((url) => url.includes('openapi.json'))).toEqual([]);
    expect(html.length).toBeLessThan(200_000);
  });
});
