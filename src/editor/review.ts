/**
 * Comments and suggestions on a page of a branch: threads anchored to a quote of the page's text
 * (`anchors.ts`), kept in the database only (never committed). Who may do what follows the
 * platform: every member comments, replies and suggests; editors (edit rights on the project)
 * resolve threads and accept or reject suggestions; a comment is deleted by its author or an owner.
 * The dashboard's roles table lets viewers reach the comment and suggestion routes; `canDecide`
 * is checked here too, so this file holds the whole rule.
 */
import { addEditorComment, countEditorComments, countOpenEditorThreads, createEditorThread, deleteEditorComment, deleteEditorThread, getEditorThread, listEditorThreads, setEditorThreadStatus, type Database, type EditorPageKey, type EditorThread } from '../db/index.js';
import { findAnchor, replaceRange, type TextRange } from './anchors.js';
import { EditorError } from './codes.js';
import type { EditorSession, PreviewResult } from './session.js';

/** Longest comment or reply. */
export const MAX_COMMENT_CHARS = 5_000;
/** Longest quote a thread may be anchored to. */
export const MAX_QUOTE_CHARS = 2_000;
/** Longest text a suggestion may put in place of its quote. */
export const MAX_REPLACEMENT_CHARS = 20_000;
/** Open threads (comments and suggestions) one page may have. */
export const MAX_OPEN_THREADS = 200;
/** Messages one thread may hold. */
export const MAX_THREAD_COMMENTS = 100;

/** Who is asking, and what the dashboard lets them do on this project. */
export interface Reviewer {
  id: string;
  email: string;
  /** Edit rights on the project: resolve, accept, reject. */
  canDecide: boolean;
  /** An owner of the dashboard: may delete anyone's comment. */
  isOwner: boolean;
}

/** A thread as the editor shows it: where its quote is in the page now (null: edited away). */
export type ThreadView = EditorThread & { range: TextRange | null };

/** One page's review: its threads and what writers do with them. */
export class PageReview {
  private readonly key: EditorPageKey;

  constructor(
    private readonly db: Database,
    private readonly session: EditorSession,
    readonly file: string,
  ) {
    this.key = { projectId: session.project.id, branch: session.branch, path: file };
  }

  /** Every thread of the page, oldest first, each placed in the page's current text. */
  async list(): Promise<ThreadView[]> {
    const text = await this.session.currentText(this.file);
    return (await listEditorThreads(this.db, this.key)).map((t) => ({ ...t, range: findAnchor(text, t.quote, t.offset) }));
  }

  /** A new comment thread on `quote` (the occurrence nearest `offset`). */
  async comment(input: { quote: string; offset: number; body: string }, who: Reviewer): Promise<ThreadView> {
    const body = checkBody(input.body);
    const range = await this.place(input.quote, input.offset);
    const thread = await createEditorThread(this.db, this.key, { kind: 'comment', quote: input.quote, offset: range.from, replacement: null, author: who, body });
    return { ...thread, range };
  }

  /** A new suggestion: `quote` (nearest `offset`) to be replaced by `replacement`, with an optional note. */
  async suggest(input: { quote: string; offset: number; replacement: string; body: string }, who: Reviewer): Promise<ThreadView> {
    const body = input.body.trim() ? checkBody(input.body) : '';
    if (input.replacement.length > MAX_REPLACEMENT_CHARS) throw new EditorError('EDITOR_COMMENT_TOO_LONG', `The suggested text is ${input.replacement.length} characters; the limit is ${MAX_REPLACEMENT_CHARS}. Suggest a smaller change, or edit the page.`, 413);
    if (input.replacement === input.quote) throw new EditorError('EDITOR_BAD_REQUEST', 'The suggestion changes nothing: its text is the same as the selection.');
    const range = await this.place(input.quote, input.offset);
    const thread = await createEditorThread(this.db, this.key, { kind: 'suggestion', quote: input.quote, offset: range.from, replacement: input.replacement, author: who, body });
    return { ...thread, range };
  }

  /** Add a reply to a thread. */
  async reply(threadId: string, text: string, who: Reviewer): Promise<ThreadView> {
    const body = checkBody(text);
    await this.thread(threadId);
    if ((await countEditorComments(this.db, threadId)) >= MAX_THREAD_COMMENTS) throw new EditorError('EDITOR_COMMENT_LIMIT', `This thread has ${MAX_THREAD_COMMENTS} messages, as many as one may hold; start a new thread.`, 409);
    await addEditorComment(this.db, threadId, who, body);
    return this.view(threadId);
  }

  /**
   * Delete a message: its author's or, for an owner, anyone's. Deleting a thread's first message
   * deletes the whole thread (as the platform does); a suggestion is deleted by its author the same way.
   */
  async deleteComment(threadId: string, commentId: string | null, who: Reviewer): Promise<{ deleted: 'comment' | 'thread' }> {
    const thread = await this.thread(threadId);
    const first = thread.comments[0];
    const target = commentId ? thread.comments.find((c) => c.id === commentId) : null;
    if (commentId && !target) throw new EditorError('EDITOR_THREAD_NOT_FOUND', 'This comment is not in the thread (deleted already?); reload the comments.', 404);
    const authorId = target ? target.authorId : thread.authorId;
    if (!who.isOwner && authorId !== who.id) throw new EditorError('EDITOR_NOT_YOURS', 'Only its author or an owner can delete this comment.', 403);
    if (!target || target.id === first?.id) {
      await deleteEditorThread(this.db, this.key, threadId);
      return { deleted: 'thread' };
    }
    await deleteEditorComment(this.db, threadId, target.id);
    return { deleted: 'comment' };
  }

  /** Resolve a comment thread (or reopen it): editors only. */
  async resolve(threadId: string, resolved: boolean, who: Reviewer): Promise<ThreadView> {
    checkDecider(who);
    const thread = await this.thread(threadId);
    if (thread.kind !== 'comment') throw new EditorError('EDITOR_THREAD_DECIDED', 'A suggestion is accepted or rejected, not resolved.', 409);
    const [from, to] = resolved ? (['open', 'resolved'] as const) : (['resolved', 'open'] as const);
    if (!(await setEditorThreadStatus(this.db, this.key, threadId, from, to, who.id))) throw new EditorError('EDITOR_THREAD_DECIDED', `The thread is already ${to === 'open' ? 'open' : 'resolved'}.`, 409);
    return this.view(threadId);
  }

  /**
   * Accept a suggestion (its replacement put in place of its quote, in the page's draft) or reject
   * it: editors only, once. Accepting first claims the suggestion (two reviewers at once: one applies
   * it), then edits the text; a quote no longer in the page gives the suggestion back, open.
   */
  async decide(threadId: string, accept: boolean, who: Reviewer): Promise<{ thread: ThreadView; text?: string; preview?: PreviewResult }> {
    checkDecider(who);
    const thread = await this.thread(threadId);
    if (thread.kind !== 'suggestion') throw new EditorError('EDITOR_THREAD_DECIDED', 'A comment is resolved, not accepted or rejected.', 409);
    const to = accept ? 'accepted' : 'rejected';
    if (!(await setEditorThreadStatus(this.db, this.key, threadId, 'open', to, who.id))) throw new EditorError('EDITOR_THREAD_DECIDED', 'This suggestion was already accepted or rejected.', 409);
    if (!accept) return { thread: await this.view(threadId) };
    try {
      const edited = await this.session.editText(
        this.file,
        (text) => {
          const range = findAnchor(text, thread.quote, thread.offset);
          if (!range) throw anchorLost(thread.quote);
          return replaceRange(text, range, thread.replacement!);
        },
        who,
      );
      return { thread: await this.view(threadId), ...edited };
    } catch (err) {
      await setEditorThreadStatus(this.db, this.key, threadId, 'accepted', 'open', who.id);
      throw err;
    }
  }

  /** Where `quote` is in the page now (nearest `offset`), checked against the limits. */
  private async place(quote: string, offset: number): Promise<TextRange> {
    if (!quote) throw new EditorError('EDITOR_BAD_REQUEST', 'Select the text to comment on first: the quote is empty.');
    if (quote.length > MAX_QUOTE_CHARS) throw new EditorError('EDITOR_COMMENT_TOO_LONG', `The selection is ${quote.length} characters; a comment or suggestion is anchored to at most ${MAX_QUOTE_CHARS}. Select less.`, 413);
    if ((await countOpenEditorThreads(this.db, this.key)) >= MAX_OPEN_THREADS) throw new EditorError('EDITOR_COMMENT_LIMIT', `This page has ${MAX_OPEN_THREADS} open threads, as many as one may have; resolve or delete some first.`, 409);
    const range = findAnchor(await this.session.currentText(this.file), quote, Number.isFinite(offset) ? offset : 0);
    if (!range) throw anchorLost(quote);
    return range;
  }

  private async thread(id: string): Promise<EditorThread> {
    const thread = await getEditorThread(this.db, this.key, id);
    if (!thread) throw new EditorError('EDITOR_THREAD_NOT_FOUND', 'This thread is not on the page (deleted meanwhile?); reload the comments.', 404);
    return thread;
  }

  private async view(id: string): Promise<ThreadView> {
    const thread = await this.thread(id);
    return { ...thread, range: findAnchor(await this.session.currentText(this.file), thread.quote, thread.offset) };
  }
}

function checkBody(text: string): string {
  const body = text.trim();
  if (!body) throw new EditorError('EDITOR_BAD_REQUEST', 'The comment is empty; write something first.');
  if (body.length > MAX_COMMENT_CHARS) throw new EditorError('EDITOR_COMMENT_TOO_LONG', `The comment is ${body.length} characters; the limit is ${MAX_COMMENT_CHARS}. Shorten it or split it in two.`, 413);
  return body;
}

function checkDecider(who: Reviewer): void {
  if (!who.canDecide) throw new EditorError('EDITOR_NOT_YOURS', 'Only members with edit rights on this project resolve threads and accept or reject suggestions.', 403);
}

function anchorLost(quote: string): EditorError {
  const shown = quote.length > 60 ? `${quote.slice(0, 60)}…` : quote;
  return new EditorError('EDITOR_ANCHOR_LOST', `"${shown}" is no longer in the page (someone edited it); select the text again.`, 409);
}
