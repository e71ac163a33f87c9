import type * as React from 'react';
import { parseNewsMarkup, type NewsNode } from '@post/contracts/rules/news-markup';
import { paragraphs } from '../../lib/news-text.ts';

/** A news item's text: paragraphs, its line breaks, and the editor's bold, italic, underline and links. */
export function NewsBody({ content }: { content: string }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed">
      {paragraphs(content).map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {parseNewsMarkup(p).map(renderNode)}
        </p>
      ))}
    </div>
  );
}

function renderNode(node: NewsNode, key: number): React.ReactNode {
  if (typeof node === 'string') return node;
  const children = node.children.map(renderNode);
  if (node.tag === 'a') {
    return (
      <a key={key} href={node.href} className="font-semibold break-words text-navy-800 underline underline-offset-4">
        {children}
      </a>
    );
  }
  const Tag = node.tag;
  return <Tag key={key}>{children}</Tag>;
}
