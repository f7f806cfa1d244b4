/**
 * The analytics beacon and feedback widget, served by `folio serve` at `<base>/__folio/beacon.js`
 * and loaded by the main bundle after the page (a static host has no such file: no widget, nothing
 * sent). Page views need no script: the server counts them. This sends, with `sendBeacon`, the
 * searches made on the page (as the search dialog counts them, `search-count.ts`, and the result opened) and the
 * "Was this page helpful?" answer: a thumb, the preset reason picked among that thumb's (drawn
 * by the page), and the comment if the reader writes one (a thumb alone, or with its reason, is sent
 * when the reader leaves). Do-Not-Track or Global Privacy Control: the widget stays
 * hidden and nothing is sent. With docs.json `feedback.codeSnippets`, each code block gets a
 * "Feedback on this code" control (cloned from the widget's `<template>`, words and all) whose
 * comment is sent with the block's code, title and language. `folio dev`'s copy (`FOLIO_BEACON_DRY`) shows the widget and sends nothing.
 */
declare const FOLIO_BEACON_DRY: boolean;

type Event = Record<string, unknown>;

const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
const script = document.currentScript as HTMLScriptElement | null;

if (script && nav.doNotTrack !== '1' && !nav.globalPrivacyControl) start(script.src.replace(/beacon\.js(\?.*)?$/, 'analytics'));

function start(endpoint: string): void {
  const base = (document.documentElement.dataset.base ?? '/').replace(/\/$/, '');
  const pathOf = (href: string) => {
    const p = new URL(href, location.href).pathname.replace(/\/$/, '').replace(/\.html$/, '');
    return (p.startsWith(base) ? p.slice(base.length) : p) || '/';
  };
  const path = pathOf(location.href);
  const send = (event: Event) => {
    if (!FOLIO_BEACON_DRY) nav.sendBeacon(endpoint, JSON.stringify({ path, ...event }));
  };

  // Searches as the dialog counts them (search-count.ts: `{ query, results }`, the query trimmed and
  // at most 200 characters), then the result opened (`{ query, href }`).
  document.addEventListener('folio:search', (e) => send({ type: 'search', ...(e as CustomEvent<Event>).detail }));
  document.addEventListener('folio:search-open', (e) => {
    const { query, href } = (e as CustomEvent).detail as { query: string; href: string };
    if (query) send({ type: 'search_open', query, opened: pathOf(href) });
  });

  // "Was this page helpful?"
  const box = document.querySelector<HTMLElement>('[data-folio-feedback]');
  let pending: boolean | null = null;
  // The preset reason picked among the pressed thumb's (undefined: none, and JSON leaves it out).
  const reasonOf = () => box?.querySelector<HTMLInputElement>('fieldset:not([hidden]) :checked')?.value;
  // Leaving with a thumb not sent: the thumb, and the reason if one was picked (a comment is sent only by its button).
  const leave = () => {
    if (pending !== null) send({ type: 'feedback', helpful: pending, reason: reasonOf() });
    pending = null;
  };
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && leave());
  if (!box) return;
  box.hidden = false;
  const form = box.querySelector('form')!;
  const thanks = box.querySelector<HTMLElement>('[role=status]')!;
  for (const thumb of box.querySelectorAll<HTMLButtonElement>('[data-folio-helpful]')) {
    thumb.addEventListener('click', () => {
      const up = thumb.dataset.folioHelpful!;
      pending = up === 'true';
      for (const t of box.querySelectorAll('[data-folio-helpful]')) t.setAttribute('aria-pressed', String(t === thumb));
      form.hidden = false;
      // That thumb's reasons; focus on its group (a screen reader names it), else the comment.
      for (const group of form.querySelectorAll('fieldset')) group.hidden = group.dataset.folioReasons !== up;
      (reasonOf() ? form.querySelector<HTMLElement>('fieldset:not([hidden]) :checked') : form.querySelector<HTMLElement>('fieldset:not([hidden]) input,textarea'))!.focus();
    });
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    // The textarea holds at most 2,000 characters (maxlength); the server trims the comment (an empty one is none).
    send({ type: 'feedback', helpful: pending, reason: reasonOf(), comment: form.querySelector('textarea')!.value });
    pending = null;
    form.hidden = true;
    thanks.textContent = thanks.dataset.thanks!;
  });

  // Code-snippet feedback (docs.json `feedback.codeSnippets`): the page's `<template>` under each
  // code block or code group; a comment names the block by its code, title and language.
  const tpl = box.querySelector('template');
  if (tpl) {
    for (const block of document.querySelectorAll<HTMLElement>('.prose .folio-code-group,.prose .folio-code:not(.folio-code-group *)')) {
      const row = tpl.content.firstElementChild!.cloneNode(true) as HTMLElement;
      const [open, codeForm, done] = row.children as unknown as [HTMLElement, HTMLFormElement, HTMLElement];
      const text = codeForm.querySelector('textarea')!;
      // The button gives way to the form it opens (so it needs no expanded state).
      open.onclick = () => {
        open.hidden = !(codeForm.hidden = false);
        text.focus();
      };
      codeForm.onsubmit = (e) => {
        e.preventDefault();
        // In a code group, the block on show.
        const code = block.querySelector<HTMLElement>(':not([hidden])>.folio-code') ?? block;
        // The textarea holds at most 2,000 characters (maxlength); the server trims the comment.
        send({ type: 'feedback', source: 'code_snippet', code: code.querySelector<HTMLElement>('[data-folio-copy-source]')!.innerText.slice(0, 5000), filename: code.dataset.title, lang: code.dataset.lang, comment: text.value });
        codeForm.hidden = true;
        done.textContent = done.dataset.thanks!;
      };
      block.after(row);
    }
  }
}
