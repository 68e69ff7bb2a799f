import { Stack, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorProps } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n.ts';

interface Props {
  label: string;
  /** HTML; read once when the field mounts (give the field a `key` to load other content). */
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
}

/**
 * The page body editor: only what the server keeps after sanitising (headings 2–4, bold, italic, underline,
 * strike, lists, quotes, links, rules, code), so what the owner sees is what guests get.
 */
export function RichTextField({ label, value, onChange, error }: Props) {
  const { t } = useTranslation('cms');
  const labelId = useId();
  const editor = useEditor({
    // Mantine's Link: does not follow links on click while editing; Mod+K opens its link editor.
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }), Link],
    content: value,
    // Tiptap 3 re-renders only on demand; the toolbar needs every transaction to show the active marks.
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  const labels = useMemo<RichTextEditorProps['labels']>(
    () => ({
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      strikeControlLabel: t('editor.strike'),
      clearFormattingControlLabel: t('editor.clear_formatting'),
      h2ControlLabel: t('editor.h2'),
      h3ControlLabel: t('editor.h3'),
      h4ControlLabel: t('editor.h4'),
      bulletListControlLabel: t('editor.bullet_list'),
      orderedListControlLabel: t('editor.ordered_list'),
      blockquoteControlLabel: t('editor.blockquote'),
      hrControlLabel: t('editor.hr'),
      codeControlLabel: t('editor.code'),
      codeBlockControlLabel: t('editor.code_block'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      undoControlLabel: t('editor.undo'),
      redoControlLabel: t('editor.redo'),
      linkEditorInputLabel: t('editor.link_url'),
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorExternalLink: t('editor.link_external'),
      linkEditorInternalLink: t('editor.link_internal'),
      linkEditorSave: t('editor.link_save'),
    }),
    [t],
  );

  return (
    <Stack gap={4}>
      <Text component="div" id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <RichTextEditor editor={editor} labels={labels} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
