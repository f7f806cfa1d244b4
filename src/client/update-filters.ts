/**
 * Changelog tag filters: the buttons beside a page of `<Update tags={[...]}>` entries. With tags
 * selected, only updates carrying every selected tag are shown (updates without tags are hidden);
 * the selection is kept in the address as `?tags=a,b`, and read from it on load.
 */
export function initUpdateFilters(): void {
  const panel = document.querySelector<HTMLElement>('[data-update-filters]');
  if (!panel) return;
  const buttons = [...panel.querySelectorAll<HTMLButtonElement>('button[data-tag]')];
  const updates = [...document.querySelectorAll<HTMLElement>('.folio-update')];
  const tagsOf = new Map(
    updates.map((u) => {
      let tags: string[] = [];
      try {
        tags = JSON.parse(u.dataset.tags ?? '[]') as string[];
      } catch {
        // A malformed attribute: the update has no tags.
      }
      return [u, new Set(tags.map((t) => t.trim()))];
    }),
  );
  const selected = new Set((new URLSearchParams(location.search).get('tags') ?? '').split(',').map((t) => t.trim()).filter((t) => buttons.some((b) => b.dataset.tag === t)));
  const apply = (syncUrl: boolean) => {
    for (const b of buttons) b.setAttribute('aria-pressed', String(selected.has(b.dataset.tag!)));
    for (const u of updates) u.hidden = selected.size > 0 && ![...selected].every((t) => tagsOf.get(u)!.has(t));
    if (!syncUrl) return;
    const url = new URL(location.href);
    if (selected.size) url.searchParams.set('tags', [...selected].join(','));
    else url.searchParams.delete('tags');
    history.replaceState(history.state, '', url.pathname + url.search.replace(/%2C/g, ',') + url.hash);
  };
  for (const b of buttons) {
    b.addEventListener('click', () => {
      const tag = b.dataset.tag!;
      if (selected.has(tag)) selected.delete(tag);
      else selected.add(tag);
      apply(true);
    });
  }
  apply(false);
}
