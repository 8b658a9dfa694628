import MarkdownIt from 'markdown-it';

/** Link targets markdown may use: web and mail links, and paths or anchors on this site. */
const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/** True for http(s), mailto, site-relative and anchor URLs; false for javascript:, data:, vbscript:, //host… */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so judge without them.
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  return SAFE_URL.test(compact) && !compact.startsWith('//');
}

function createRenderer() {
  // html: false turns any raw HTML in the source into visible text.
  const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });
  md.validateLink = isSafeUrl;
  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules.link_open = (tokens, index, options) => {
    const token = tokens[index];
    if (token) {
      const href = String(token.attrGet('href') ?? '');
      if (/^https?:\/\//i.test(href)) {
        token.attrSet('target', '_blank');
        token.attrSet('rel', 'noopener noreferrer nofollow');
      } else {
        token.attrSet('rel', 'noopener');
      }
    }
    return renderToken(tokens, index, options);
  };
  return md;
}

let renderer: ReturnType<typeof createRenderer> | null = null;

/**
 * Markdown to HTML, the one renderer of posts and newsletters: the server stores its output
 * (then sanitises it again) and the editors' live preview shows the same thing.
 */
export function renderMarkdown(source: string): string {
  renderer ??= createRenderer();
  return renderer.render(source);
}

/** The words a reader reads: the markdown without its syntax (for reading time and excerpts). */
export function markdownToPlainText(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, ' '))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
