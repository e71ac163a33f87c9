import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { safeHref } from '@post/contracts/rules/news-markup';
import { FormattingToolbar, type FormatTag } from '../../components/form/formatted-text-field.tsx';
import { docToNews, newsToDoc } from './news-doc.ts';

// The news body's editor (issue 63, decision 0087): TipTap with only what a news body keeps
// (paragraphs, line breaks, bold, italic, underline, links), loaded with the news form alone.

const KIT = StarterKit.configure({
  blockquote: false,
  bulletList: false,
  code: false,
  codeBlock: false,
  dropcursor: false,
  heading: false,
  horizontalRule: false,
  listItem: false,
  listKeymap: false,
  orderedList: false,
  strike: false,
  trailingNode: false,
  // The page links bare web addresses itself; a link is an address the page will follow.
  link: { openOnClick: false, autolink: true, linkOnPaste: true, isAllowedUri: (url) => Boolean(safeHref(url)), HTMLAttributes: { rel: null, target: null } },
});

const CLASS =
  'min-h-60 w-full rounded-md border border-input bg-background px-3 py-2 text-lg leading-relaxed text-foreground shadow-xs whitespace-pre-wrap break-words ' +
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
  'aria-invalid:border-destructive [&_p]:mb-4 [&_p:last-child]:mb-0 [&_a]:font-semibold [&_a]:text-navy-800 [&_a]:underline';

/** The editing surface's accessible wiring, from the field around it. */
export interface EditorAria {
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** A news body edited as formatted text; `onChange` gets the body's markup. */
function NewsEditor({
  value,
  onChange,
  onBlur,
  aria,
  focusRef,
}: {
  value: string;
  onChange: (next: string) => void;
  onBlur: () => void;
  aria: EditorAria;
  /** Gets a way to focus the editor (the form focuses a field in error). */
  focusRef: (target: { focus: () => void } | null) => void;
}) {
  // What this editor last reported, so a value from outside (a restored draft) is told apart.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [KIT],
    content: newsToDoc(value),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-required': 'true',
        'aria-labelledby': aria.labelId,
        class: CLASS,
      },
    },
    onUpdate: ({ editor: e }) => {
      emitted.current = docToNews(e.getJSON());
      onChange(emitted.current);
    },
    onBlur: () => onBlur(),
  });
  // The field's description and error follow the form's state, on the editing surface once it is mounted.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const apply = () => {
      const dom = box.current?.querySelector('[role=textbox]');
      if (!dom) return;
      if (aria.describedBy) dom.setAttribute('aria-describedby', aria.describedBy);
      else dom.removeAttribute('aria-describedby');
      if (aria.invalid) dom.setAttribute('aria-invalid', 'true');
      else dom.removeAttribute('aria-invalid');
    };
    apply();
    editor.on('mount', apply);
    return () => {
      editor.off('mount', apply);
    };
  }, [editor, aria.describedBy, aria.invalid]);
  useEffect(() => {
    if (value === emitted.current) return;
    const load = () => {
      emitted.current = value;
      editor.commands.setContent(newsToDoc(value), { emitUpdate: false });
    };
    if (box.current?.querySelector('[role=textbox]')) return load();
    editor.on('mount', load);
    return () => {
      editor.off('mount', load);
    };
  }, [editor, value]);
  useEffect(() => {
    focusRef({ focus: () => editor.commands.focus() });
    return () => focusRef(null);
  }, [editor, focusRef]);
  const inLink = useEditorState({ editor, selector: (s) => s.editor.isActive('link') });

  const wrap = (tag: FormatTag) => {
    const chain = editor.chain().focus();
    (tag === 'strong' ? chain.toggleBold() : tag === 'em' ? chain.toggleItalic() : chain.toggleUnderline()).run();
  };
  const link = (href: string) => {
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !inLink) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
  };
  return (
    <div ref={box} className="space-y-2">
      <FormattingToolbar onWrap={wrap} onLink={link} onUnlink={inLink ? () => editor.chain().focus().extendMarkRange('link').unsetLink().run() : undefined} />
      <EditorContent editor={editor} />
    </div>
  );
}

export default NewsEditor;
