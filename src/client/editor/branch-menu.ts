/**
 * The publish menu of a branch made in the editor: its shareable preview link, its changes, its review
 * (request a review, approve or request changes) and the next step ("Save in branch", then "Ready for
 * review", then "Merge" once approved); the toolbar shows its pull request link and review state.
 * The server saves the branch by itself a few seconds after each edit; the menu reads where it stands.
 */

interface Review {
  reviewerEmail: string;
  state: 'requested' | 'approved' | 'changes';
}

interface BranchView {
  branch: string;
  deploymentBranch: string;
  record: null | { state: 'draft' | 'ready' | 'merged'; pullRequestUrl: string | null; savedAt: string | null; approved: boolean; reviews: Review[]; createdByEmail: string; mergedByEmail: string | null };
  drafts: { path: string }[];
  links: { id: string; createdByEmail: string; expiresAt: string; revokedAt: string | null }[];
  reviewers: { id: string; email: string }[];
  you: { email: string; canEdit: boolean; isAuthor: boolean };
}

type Call = <T>(path: string, init?: { json?: unknown; query?: Record<string, string> }) => Promise<T>;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const REVIEW_WORDS: Record<Review['state'], string> = { requested: 'Review requested', approved: 'Approved', changes: 'Changes requested' };

/** Wire the branch menu; returns `refresh`, called after each save and when the menu opens. */
export function branchMenu(call: Call, save: () => Promise<void>, onError: (message: string) => void): { refresh(): Promise<void> } {
  let view: BranchView | null = null;
  const result = $('ed-publish-result');

  const say = (text: string, error = false) => {
    result.classList.toggle('error', error);
    result.textContent = text;
  };

  function render(): void {
    const record = view?.record ?? null;
    // Not a branch of the review flow (made before, or by git): the classic publish stays.
    for (const id of ['ed-share', 'ed-branch-review', 'ed-branch-actions']) $(id).hidden = !record;
    for (const id of ['ed-publish', 'ed-message']) (($(id).closest('label') as HTMLElement | null) ?? $(id)).hidden = Boolean(record);
    const pr = $<HTMLAnchorElement>('ed-pr-link');
    pr.hidden = !record?.pullRequestUrl;
    if (record?.pullRequestUrl) {
      pr.href = record.pullRequestUrl;
      pr.textContent = record.state === 'draft' ? 'Draft pull request' : record.state === 'merged' ? 'Merged pull request' : 'Pull request';
    }
    const pill = $('ed-review-pill');
    const decided = record?.reviews.find((r) => r.state === 'changes') ?? record?.reviews.find((r) => r.state === 'approved') ?? record?.reviews[0];
    pill.hidden = !record || record.state === 'draft' || (!decided && record.state !== 'merged');
    pill.className = `ed-pill ed-review-pill${decided ? ` ${decided.state}` : ''}`;
    pill.textContent = record?.state === 'merged' ? 'Merged' : decided ? REVIEW_WORDS[decided.state] : '';
    if (!record || !view) return;

    const live = view.links.filter((l) => !l.revokedAt && Date.parse(l.expiresAt) > Date.now());
    const list = $('ed-share-links');
    list.replaceChildren(
      ...live.map((l) => {
        const li = document.createElement('li');
        const when = document.createElement('span');
        when.textContent = `Link by ${l.createdByEmail}, expires ${new Date(l.expiresAt).toLocaleDateString()}`;
        const revoke = document.createElement('button');
        revoke.type = 'button';
        revoke.textContent = 'Revoke';
        revoke.addEventListener('click', () => void act(() => call('share.json', { json: { action: 'revoke', id: l.id } }), 'Link revoked: it no longer opens.'));
        li.append(when, revoke);
        return li;
      }),
    );

    const reviews = $('ed-reviews');
    reviews.replaceChildren(
      ...record.reviews.map((r) => {
        const li = document.createElement('li');
        const who = document.createElement('span');
        who.textContent = r.reviewerEmail;
        const state = document.createElement('span');
        state.className = 'kind';
        state.textContent = REVIEW_WORDS[r.state];
        li.append(who, state);
        return li;
      }),
    );
    const select = $<HTMLSelectElement>('ed-reviewer');
    select.replaceChildren(new Option('Choose a reviewer', ''), ...view.reviewers.map((m) => new Option(m.email, m.email)));
    $('ed-review-ask').hidden = record.state === 'merged' || view.reviewers.length === 0;
    $('ed-review-decide').hidden = record.state !== 'ready' || view.you.isAuthor || !view.you.canEdit;

    const next = $<HTMLButtonElement>('ed-branch-next');
    next.textContent = record.state === 'draft' ? 'Ready for review' : record.state === 'ready' ? 'Merge' : 'Merged';
    next.disabled = record.state === 'merged' || (record.state === 'ready' && !record.approved);
    next.title = record.state === 'ready' && !record.approved ? 'Merging needs an approval and no standing request for changes.' : '';
    $<HTMLButtonElement>('ed-save-branch').disabled = record.state === 'merged';
  }

  let again: ReturnType<typeof setTimeout> | undefined;
  /** Reads left while a branch with changes has no record yet: its first autosave (which makes the draft pull request) may still be running. */
  let firstSaveReads = 0;
  async function refresh(): Promise<void> {
    firstSaveReads = 8;
    return read();
  }
  async function read(): Promise<void> {
    clearTimeout(again);
    try {
      view = await call<BranchView>('branch.json');
      render();
    } catch (err) {
      onError((err as Error).message);
    }
    // Changes not autosaved yet: read again until the server has saved them (it does a few seconds after the
    // last edit; on a busy server the first save, which pushes the branch and opens its pull request, takes longer).
    if (view?.record && view.record.state !== 'merged' && view.drafts.length > 0) again = setTimeout(() => void read(), 4_000);
    else if (view && !view.record && view.drafts.length > 0 && firstSaveReads-- > 0) again = setTimeout(() => void read(), 4_000);
  }

  /** Run one action, then read the branch again; a refusal is shown with its code. */
  async function act(fn: () => Promise<unknown>, done: string): Promise<void> {
    say('Working…');
    try {
      await save();
      const answer = (await fn()) as { previewUrl?: string } | null;
      say(done);
      // A save that pushed, and a request for review, start the branch's site preview: its address follows.
      if (answer?.previewUrl) {
        const a = document.createElement('a');
        a.href = answer.previewUrl;
        a.target = '_blank';
        a.rel = 'noopener';
        a.textContent = 'Preview';
        result.append(' ', a);
      }
    } catch (err) {
      const e = err as Error & { code?: string };
      say(`${e.message}${e.code ? ` (${e.code})` : ''}`, true);
    }
    await refresh();
  }

  $('ed-save-branch').addEventListener('click', () => void act(() => call('branch.json', { json: { action: 'save' } }), 'Saved in the branch; its draft pull request is up to date.'));
  $('ed-branch-next').addEventListener('click', () => {
    const state = view?.record?.state;
    if (state === 'draft') void act(() => call('branch.json', { json: { action: 'ready' } }), 'Ready for review: ask a member to review it.');
    else if (state === 'ready') void act(() => call('branch.json', { json: { action: 'merge' } }), `Merged into ${view?.deploymentBranch}; the site update has started.`);
  });
  $('ed-request-review').addEventListener('click', () => {
    const reviewer = $<HTMLSelectElement>('ed-reviewer').value;
    if (!reviewer) return say('Choose a reviewer first.', true);
    void act(() => call('branch.json', { json: { action: 'request-review', reviewer } }), `Review requested from ${reviewer}.`);
  });
  $('ed-approve').addEventListener('click', () => void act(() => call('branch.json', { json: { action: 'approve' } }), 'Approved.'));
  $('ed-request-changes').addEventListener('click', () => void act(() => call('branch.json', { json: { action: 'request-changes' } }), 'Changes requested.'));
  $('ed-share-make').addEventListener('click', () =>
    void act(async () => {
      const made = await call<{ url: string }>('share.json', { json: { action: 'create' } });
      const a = $<HTMLAnchorElement>('ed-share-url');
      a.href = made.url;
      a.textContent = made.url.replace(/^https?:\/\//, '');
      a.hidden = false;
      await navigator.clipboard?.writeText(made.url).catch(() => undefined);
    }, 'Preview link made (copied): anyone with it can open the branch’s pages until it expires or is revoked.'),
  );
  return { refresh };
}
