import sanitizeHtml from 'sanitize-html';

const cssColour = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%]+\)|[a-z]+)$/i;
const cssLength = /^-?\d+(\.\d+)?(px|em|rem|%|pt)?$/i;

/**
 * Rich-text HTML as an editor produces it, kept; scripts, event handlers, frames and
 * `javascript:` URLs dropped. Applied on save so that every console renders stored content as is.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'h1',
    'h2',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color', 'size', 'face'],
    td: ['colspan', 'rowspan', 'width', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'valign', 'scope'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [cssColour],
      'background-color': [cssColour],
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^[a-z\s-]+$/i],
      'font-size': [cssLength, /^(x{0,2}-small|small|medium|large|x{0,2}-large)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic|oblique)$/],
      'font-family': [/^[\w\s,'"-]+$/],
      'line-height': [cssLength, /^\d+(\.\d+)?$/],
      'text-indent': [cssLength],
      'padding-left': [cssLength],
      'margin-left': [cssLength],
      width: [cssLength],
      height: [cssLength],
      'vertical-align': [/^(top|middle|bottom|baseline)$/],
      'border-collapse': [/^(collapse|separate)$/],
    },
  },
  transformTags: {
    // Links leaving the console open in a new tab without a handle back to it.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html == null) return null;
  return sanitizeHtml(html, options);
}
