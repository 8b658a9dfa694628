import sanitizeHtml from 'sanitize-html';
import { markdownToPlainText, renderMarkdown } from '@lumen/core/content/markdown';
import { readingTimeMinutes } from '@lumen/core/content/reading-time';

/**
 * The second guard behind the markdown renderer (which already refuses raw HTML and unsafe
 * links): only the tags markdown produces, no attributes that run script, http(s)/mailto/relative URLs.
 */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'del',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
    code: ['class'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
};

/** Markdown to the HTML stored and served to readers (rendered once, then sanitised). */
export function renderSafeHtml(markdown: string): string {
  return sanitizeHtml(renderMarkdown(markdown), sanitizeOptions);
}

export function readingMinutesOf(markdown: string): number {
  return Math.max(1, readingTimeMinutes(markdownToPlainText(markdown)));
}
