import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import type { JsonEdit } from './plan.js';

/** Indentation the file already uses, so edits look hand-written. */
function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** docs.json text with the planned edits applied; comments and formatting elsewhere are kept. */
export function applyDocsEdits(text: string, edits: readonly JsonEdit[]): string {
  const formattingOptions = formattingOf(text);
  let out = text;
  for (const edit of edits) {
    out = applyEdits(out, modify(out, edit.path, edit.value, { formattingOptions, isArrayInsertion: edit.insert === true }));
  }
  return out;
}
