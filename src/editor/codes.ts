/** Stable codes of the web editor (src/editor); each is documented in docs/reference/errors/editor.md. */
export const EDITOR_CODES = {
  EDITOR_PATH_INVALID: 'A page or image path is empty, absolute, has `..`, a hidden segment or characters outside letters, digits, `-`, `_`, `.` and `/`.',
  EDITOR_PAGE_NOT_FOUND: 'The page (or file) is not in the branch and has no draft.',
  EDITOR_PAGE_EXISTS: 'A page or file with this path already exists on the branch.',
  EDITOR_TOO_LARGE: 'The text or upload is over the editor’s size limit.',
  EDITOR_IMAGE_TYPE: 'The upload is not a PNG, JPEG, GIF or WebP image (checked from its bytes, not its name).',
  EDITOR_DOCS_JSON_INVALID: 'The edit would leave docs.json unreadable or invalid; nothing was saved.',
  EDITOR_NO_SITE: 'The branch has no usable docs.json in the project’s docs folder.',
  EDITOR_NOTHING_TO_PUBLISH: 'Publish was asked with no drafts on the branch.',
  EDITOR_CONFLICT: 'Someone else changed a file on the branch after the draft of it began; publishing would overwrite their work.',
  EDITOR_FILE_CHANGED: 'In folio dev, the file changed on disk (saved from another program) since the editor read it; the save was not written.',
  EDITOR_PUBLISH_FAILED: 'The commit could not be pushed to the repository.',
  EDITOR_CHECKOUT_FAILED: 'The branch could not be cloned or fetched from the repository.',
  EDITOR_NAV_STALE: 'A navigation edit names an entry that is no longer where the editor showed it (docs.json changed meanwhile).',
  EDITOR_NAV_SHAPE: 'The navigation edit does not fit where it was asked (a page already first, a group added beside tabs, a tab inside a group).',
  EDITOR_GROUP_NOT_EMPTY: 'Only an empty group can be removed; this one still lists pages or an API specification.',
  EDITOR_PATH_NOT_WRITABLE: 'A new page, image or moved page would be written through a symbolic link of the repository (or a file where a folder is needed); the editor never writes through a link.',
  EDITOR_BRANCH_NOT_FOUND: 'The branch is not in the repository and nobody has drafts on it; reading does not create it, creating a branch is an explicit POST from the editor.',
  EDITOR_SESSION_CLOSED: 'The branch’s editing session was closed to make room for others (the server keeps a limited number open); reload the editor.',
  EDITOR_COMMENT_TOO_LONG: 'A comment, the text it quotes or a suggested replacement is over its length limit (comments 5,000 characters, quotes 2,000, replacements 20,000).',
  EDITOR_COMMENT_LIMIT: 'The page already has as many open threads as it may (200), or the thread as many messages (100); resolve or delete some first.',
  EDITOR_THREAD_NOT_FOUND: 'The comment thread or suggestion is not on this page (deleted, or another page or branch).',
  EDITOR_THREAD_DECIDED: 'The suggestion was already accepted or rejected (by someone else, a moment ago), or the thread is not in the state the action needs.',
  EDITOR_NOT_YOURS: 'The action is someone else’s to take: a comment is deleted by its author or an owner; threads are resolved and suggestions accepted or rejected by members with edit rights on the project.',
  EDITOR_ANCHOR_LOST: 'The quoted text is no longer in the page (someone edited it): the comment cannot be placed there, or the suggestion applied.',
  EDITOR_VERSION_NOT_FOUND: 'The commit is not one of the page’s versions on the branch (no such commit, or the page did not exist in it).',
  EDITOR_NOT_A_BRANCH: 'Branch actions (autosave, review, merge, preview links) are for a branch made in the editor, not the deployment branch: create a branch first.',
  EDITOR_BRANCH_MERGED: 'The branch was already merged: start a new branch for more changes.',
  EDITOR_PULL_REQUEST_FAILED: 'The git host refused to open, update or mark ready the branch’s pull request; the branch itself was saved.',
  EDITOR_REVIEWER_INVALID: 'The reviewer is not a member with edit rights on the project, or is the branch’s author (nobody reviews their own branch).',
  EDITOR_REVIEW_REQUIRED: 'Merging needs the pull request marked ready for review, at least one approval, and no standing request for changes.',
  EDITOR_MERGE_FAILED: 'The git host would not merge the branch (the deployment branch moved, or a conflict): update the branch and try again.',
  EDITOR_PREVIEW_LINK_INVALID: 'No preview link has this token (mistyped, or never made); ask for a new link.',
  EDITOR_PREVIEW_LINK_EXPIRED: 'The preview link is past its expiry date; ask a member of the project for a new one.',
  EDITOR_PREVIEW_LINK_REVOKED: 'The preview link was revoked by a member of the project; ask them for a new one.',
  EDITOR_ASSET_IN_USE: 'The file is still used by pages or docs.json (each place is listed): change those first, or delete it anyway.',
  EDITOR_REDIRECT_INVALID: 'A redirect is refused: its source must start with `/` (no `?` or `#`), be unique, and differ from its destination; the destination must be a path or an http(s) URL whose `:name` wildcards all appear in the source.',
  EDITOR_REDIRECT_STALE: 'The redirect is no longer where the editor showed it (docs.json changed meanwhile); reload the list and try again.',
  EDITOR_SETTING_INVALID: 'A site setting has a value docs.json does not take (a colour that is not #rgb or #rrggbb, an empty name, an unknown theme or social network, a link without an address).',
  EDITOR_BAD_REQUEST: 'A request to the editor is missing a field or has one of the wrong type.',
} as const;

export type EditorCode = keyof typeof EDITOR_CODES;

/** A refused editor request: its code, an HTTP status and a message that says what to do. */
export class EditorError extends Error {
  constructor(
    readonly code: EditorCode,
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 410 | 413 | 415 | 502 = 400,
    /** Per-file details (conflicts), shown by the editor beside the message. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'EditorError';
  }
}
