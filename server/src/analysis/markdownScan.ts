import type { Heading, Link, Node, Parent, Root, Text } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { TextRange } from './types';

/** Where checks may be: the source ranges of prose text, the headings, and the front matter. */
export interface MarkdownLayout {
  /** Source ranges of text nodes in paragraphs, headings, list items, block quotes and table cells. */
  prose: TextRange[];
  headings: { title: string; range: TextRange; depth: number }[];
  /** The YAML front matter block, fences included, and its content. */
  frontMatter?: { range: TextRange; content: TextRange };
}

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

/** Containers whose text is prose. Code, HTML, link destinations and front matter never are. */
const PROSE_CONTAINERS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'listItem', 'blockquote']);

function isParent(node: Node): node is Parent {
  return 'children' in node && Array.isArray((node as Parent).children);
}

function rangeOf(node: Node, shift: number): TextRange | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start: start + shift, end: end + shift };
}

/** An autolink's text is its address («<https://…>», «www.…»), not prose. */
function isAutolink(node: Node): boolean {
  if (node.type !== 'link') return false;
  const text = plainText(node);
  return text !== '' && (node as Link).url.endsWith(text);
}

function plainText(node: Node): string {
  if (node.type === 'text' || node.type === 'inlineCode') return (node as Text).value;
  return isParent(node) ? node.children.map(plainText).join('') : '';
}

/** Parses once and lists where prose is; the text itself is always read from the source. */
export function scanMarkdown(text: string): MarkdownLayout {
  // remark drops a byte-order mark, so its offsets would be one short of the text's.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const tree = processor.parse(shift ? text.slice(shift) : text) as Root;
  const layout: MarkdownLayout = { prose: [], headings: [] };
  const visit = (node: Node, inProse: boolean): void => {
    if (node.type === 'yaml') {
      const range = rangeOf(node, shift);
      if (range) {
        const open = text.indexOf('\n', range.start) + 1;
        const close = text.lastIndexOf('\n', range.end - 1);
        layout.frontMatter = { range, content: { start: open, end: Math.max(open, close) } };
      }
      return;
    }
    if (node.type === 'heading') {
      const range = rangeOf(node, shift);
      if (range) layout.headings.push({ title: plainText(node).trim(), range, depth: (node as Heading).depth });
    }
    if (node.type === 'text' && inProse) {
      const range = rangeOf(node, shift);
      if (range) layout.prose.push(range);
      return;
    }
    if (isAutolink(node)) return;
    if (isParent(node)) {
      const prose = PROSE_CONTAINERS.has(node.type) || (inProse && node.type !== 'code' && node.type !== 'html');
      for (const child of node.children) visit(child, prose && child.type !== 'inlineCode' && child.type !== 'html');
    }
  };
  visit(tree, false);
  return layout;
}
