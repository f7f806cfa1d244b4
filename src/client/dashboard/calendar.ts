/**
 * The range picker's calendar (cally's `<calendar-range>`), loaded when the range popover first
 * opens. It replaces the two date fields of the custom-range form (which work without it): picking
 * a first and a last day fills them and submits the form. The form's `to` is exclusive, the
 * calendar's last day inclusive.
 */
import 'cally';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function mount(island: HTMLElement): void {
  const form = island.querySelector('form');
  const from = form?.querySelector<HTMLInputElement>('input[name=from]');
  const to = form?.querySelector<HTMLInputElement>('input[name=to]');
  if (!form || !from || !to || island.querySelector('calendar-range')) return;
  const calendar = document.createElement('calendar-range') as HTMLElement & { value: string; focusedDate?: string };
  calendar.setAttribute('months', '1');
  calendar.setAttribute('locale', 'en-GB');
  calendar.setAttribute('max', iso(Date.now()));
  const last = iso(Date.parse(to.value) - DAY_MS);
  if (from.value && to.value) {
    calendar.setAttribute('value', `${from.value}/${last}`);
    calendar.setAttribute('focused-date', last);
  }
  // The month buttons: an arrow each, named for screen readers (cally's default is the bare word).
  for (const [slot, label, arrow] of [
    ['previous', 'Previous month', '‹'],
    ['next', 'Next month', '›'],
  ] as const) {
    const content = document.createElement('span');
    content.slot = slot;
    const name = document.createElement('span');
    name.className = 'visually-hidden';
    name.textContent = label;
    const glyph = document.createElement('span');
    glyph.setAttribute('aria-hidden', 'true');
    glyph.textContent = arrow;
    content.append(name, glyph);
    calendar.appendChild(content);
  }
  // One heading, "December 2026" (cally's own are the year above and the month below).
  const heading = document.createElement('span');
  heading.slot = 'heading';
  heading.className = 'cal-heading';
  calendar.appendChild(heading);
  const title = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const retitle = () => {
    const shown = calendar.focusedDate ?? last;
    if (shown) heading.textContent = title.format(new Date(`${shown.slice(0, 10)}T00:00:00Z`));
  };
  const month = document.createElement('calendar-month');
  calendar.appendChild(month);
  calendar.addEventListener('focusday', retitle);
  calendar.addEventListener('click', () => setTimeout(retitle));
  calendar.addEventListener('keyup', () => setTimeout(retitle));
  calendar.addEventListener('change', () => {
    const [start, end] = calendar.value.split('/');
    if (!start || !end) return;
    from.value = start;
    to.value = iso(Date.parse(end) + DAY_MS);
    form.requestSubmit();
  });
  island.insertBefore(calendar, form);
  retitle();
  form.querySelector('.dates')?.setAttribute('hidden', '');
  form.querySelector('.hint')?.setAttribute('hidden', '');
  form.querySelector('button[type=submit]')?.setAttribute('hidden', '');
  island.dataset.ready = 'true';
}

document.querySelectorAll<HTMLElement>('[data-calendar]').forEach(mount);
